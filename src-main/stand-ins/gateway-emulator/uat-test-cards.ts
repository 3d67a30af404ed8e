/**
 * The test environment's cards with a fixed answer, from the developer guides ("UAT Test Card
 * Numbers for Specific Responses": the RPCT and FNOR tables; "Testing Partial Authorizations";
 * "Testing CardPointe Gateway Timeouts").
 */
export interface FixedCardAnswer {
  readonly respstat: 'A' | 'B' | 'C';
  readonly respcode: string;
  readonly resptext: string;
  /** The approval cards answer a fixed authorization code. */
  readonly authcode?: string;
}

type Platform = 'RPCT' | 'FNOR';

const approval = (platform: Platform, authcode: string): FixedCardAnswer => ({
  respstat: 'A',
  respcode: platform === 'RPCT' ? '000' : '00',
  resptext: 'Approval',
  authcode,
});

/** The four decline cards each of Visa, Mastercard and Discover publishes, by their answer. */
const declineAnswers: Record<Platform, readonly FixedCardAnswer[]> = {
  RPCT: [
    { respstat: 'C', respcode: '107', resptext: 'Call for authorization' },
    { respstat: 'C', respcode: '100', resptext: 'Do not honor' },
    { respstat: 'C', respcode: '101', resptext: 'Expired card' },
    { respstat: 'C', respcode: '500', resptext: 'Decline' },
  ],
  FNOR: [
    { respstat: 'C', respcode: '01', resptext: 'Refer to issuer' },
    { respstat: 'C', respcode: '05', resptext: 'Do not honor' },
    { respstat: 'C', respcode: '54', resptext: 'Wrong expiration' },
    { respstat: 'C', respcode: 'NU', resptext: 'Insufficient funds' },
  ],
};

/** Per brand: the approval card with its authcode, and the decline cards in the table's order. */
const publishedCards: ReadonlyArray<{ approve: string; authcode: string; declines: readonly string[] }> = [
  {
    approve: '4788250000121443',
    authcode: 'PPS009',
    declines: ['4387751111111020', '4387751111111038', '4387751111111046', '4387751111111053'],
  },
  {
    approve: '5454545454545454',
    authcode: 'PPS010',
    declines: ['5442981111111023', '5442981111111031', '5442981111111049', '5442981111111056'],
  },
  { approve: '371449635398431', authcode: 'PPS013', declines: [] },
  {
    approve: '6011000995500000',
    authcode: 'PPS015',
    declines: ['6011000995511122', '6011000995511130', '6011000995511148', '6011000995511155'],
  },
  { approve: '36438999960016', authcode: 'PPS012', declines: [] },
  { approve: '3528000000000007', authcode: 'PPS007', declines: [] },
];

function tableFor(platform: Platform): ReadonlyMap<string, FixedCardAnswer> {
  const table = new Map<string, FixedCardAnswer>();
  for (const card of publishedCards) {
    table.set(card.approve, approval(platform, card.authcode));
    card.declines.forEach((pan, index) => table.set(pan, declineAnswers[platform][index]!));
  }
  return table;
}

const tables: Record<Platform, ReadonlyMap<string, FixedCardAnswer>> = {
  RPCT: tableFor('RPCT'),
  FNOR: tableFor('FNOR'),
};

/**
 * The fixed answer of a published test card on this platform. Platforms other than RPCT
 * answer as FNOR does: the emulator models those two processors only.
 */
export function fixedCardAnswer(pan: string, platform: string): FixedCardAnswer | undefined {
  return tables[platform === 'RPCT' ? 'RPCT' : 'FNOR'].get(pan);
}

/** "Testing CardPointe Gateway Timeouts": Visa, MC and Discover numbers answered PPS 62. */
export const timeoutCards: ReadonlySet<string> = new Set(['4999006200620062', '5111006200620062', '6465006200620062']);

/** "Testing Partial Authorizations": this card at 6.00 or more is approved for 5.00. */
export const partialApprovalCard = { pan: '4387750101010101', fromMinor: 600, approvedMinor: 500 } as const;

/** The partial-approval table's rows for the emulated platforms. */
export const partialApprovalAnswers: Record<Platform, FixedCardAnswer> = {
  RPCT: { respstat: 'A', respcode: '002', resptext: 'Approve for Partial Amount' },
  FNOR: { respstat: 'A', respcode: '10', resptext: 'Partial Approval' },
};
