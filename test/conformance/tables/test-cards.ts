/**
 * The developer guides' test-card tables, transcribed row by row, each with the table it comes
 * from (document › heading). The emulator keeps its own transcription
 * (src-main/stand-ins/gateway-emulator/uat-test-cards.ts); this one checks it.
 */
export interface TestCardRow {
  readonly table: string;
  /** The merchant platform the row is for. */
  readonly platform: 'RPCT' | 'FNOR';
  readonly pan: string;
  /** The amount to send, as the wire carries it. */
  readonly amount: string;
  readonly resptext: string;
  readonly respstat: 'A' | 'B' | 'C';
  readonly respproc: string;
  readonly respcode: string;
  /** The table's authcode column; undefined where it shows "-". */
  readonly authcode?: string;
  /** The answer's amount, where the table names one. */
  readonly answeredAmount?: string;
}

const rpctTable = 'developer-guides.md › UAT Test Card Data › RPCT Responses';
const fnorTable = 'developer-guides.md › UAT Test Card Data › FNOR Responses';
const partialTable = 'developer-guides.md › Testing Partial Authorizations';
const timeoutTable = 'developer-guides.md › Testing CardPointe Gateway Timeouts';

type Row = [pan: string, resptext: string, respstat: 'A' | 'C', respcode: string, authcode: string];

const rpctRows: Row[] = [
  // VISA
  ['4788250000121443', 'Approval', 'A', '000', 'PPS009'],
  ['4387751111111020', 'Call for authorization', 'C', '107', '-'],
  ['4387751111111038', 'Do not honor', 'C', '100', '-'],
  ['4387751111111046', 'Expired card', 'C', '101', '-'],
  ['4387751111111053', 'Decline', 'C', '500', '-'],
  // Mastercard
  ['5454545454545454', 'Approval', 'A', '000', 'PPS010'],
  ['5442981111111023', 'Call for authorization', 'C', '107', '-'],
  ['5442981111111031', 'Do not honor', 'C', '100', '-'],
  ['5442981111111049', 'Expired card', 'C', '101', '-'],
  ['5442981111111056', 'Decline', 'C', '500', '-'],
  // AMEX
  ['371449635398431', 'Approval', 'A', '000', 'PPS013'],
  // Discover
  ['6011000995500000', 'Approval', 'A', '000', 'PPS015'],
  ['6011000995511122', 'Call for authorization', 'C', '107', '-'],
  ['6011000995511130', 'Do not honor', 'C', '100', '-'],
  ['6011000995511148', 'Expired card', 'C', '101', '-'],
  ['6011000995511155', 'Decline', 'C', '500', '-'],
  // Diners
  ['36438999960016', 'Approval', 'A', '000', 'PPS012'],
  // JCB
  ['3528000000000007', 'Approval', 'A', '000', 'PPS007'],
];

const fnorRows: Row[] = [
  // VISA
  ['4788250000121443', 'Approval', 'A', '00', 'PPS009'],
  ['4387751111111020', 'Refer to issuer', 'C', '01', '-'],
  ['4387751111111038', 'Do not honor', 'C', '05', '-'],
  ['4387751111111046', 'Wrong expiration', 'C', '54', '-'],
  ['4387751111111053', 'Insufficient funds', 'C', 'NU', '-'],
  // Mastercard
  ['5454545454545454', 'Approval', 'A', '00', 'PPS010'],
  ['5442981111111023', 'Refer to issuer', 'C', '01', '-'],
  ['5442981111111031', 'Do not honor', 'C', '05', '-'],
  ['5442981111111049', 'Wrong expiration', 'C', '54', '-'],
  ['5442981111111056', 'Insufficient funds', 'C', 'NU', '-'],
  // AMEX
  ['371449635398431', 'Approval', 'A', '00', 'PPS013'],
  // Discover
  ['6011000995500000', 'Approval', 'A', '00', 'PPS015'],
  ['6011000995511122', 'Refer to issuer', 'C', '01', '-'],
  ['6011000995511130', 'Do not honor', 'C', '05', '-'],
  ['6011000995511148', 'Wrong expiration', 'C', '54', '-'],
  ['6011000995511155', 'Insufficient funds', 'C', 'NU', '-'],
  // Diners
  ['36438999960016', 'Approval', 'A', '00', 'PPS012'],
  // JCB
  ['3528000000000007', 'Approval', 'A', '00', 'PPS007'],
];

const fromTable =
  (table: string, platform: 'RPCT' | 'FNOR') =>
  ([pan, resptext, respstat, respcode, authcode]: Row): TestCardRow => ({
    table,
    platform,
    pan,
    amount: '12.34',
    resptext,
    respstat,
    respproc: platform,
    respcode,
    ...(authcode !== '-' && { authcode }),
    ...(respstat === 'C' && { answeredAmount: '0.00' }),
  });

/**
 * Every row of the two test-card tables, the partial-approval table's FNOR and RPCT rows (its
 * sample request: 6.50 on 4387750101010101), and the timeout cards (PPS 62, respstat B; the
 * sample answer repeats the amount asked).
 */
export const testCardRows: readonly TestCardRow[] = [
  ...rpctRows.map(fromTable(rpctTable, 'RPCT')),
  ...fnorRows.map(fromTable(fnorTable, 'FNOR')),
  {
    table: partialTable,
    platform: 'FNOR',
    pan: '4387750101010101',
    amount: '6.50',
    respproc: 'FNOR',
    respcode: '10',
    respstat: 'A',
    resptext: 'Partial Approval',
    answeredAmount: '5.00',
  },
  // The guides' table says "Approve for Partial Amount"; response-codes.md lists 002 as "Approve for partial amount". This row follows the guides' table.
  {
    table: partialTable,
    platform: 'RPCT',
    pan: '4387750101010101',
    amount: '6.50',
    respproc: 'RPCT',
    respcode: '002',
    respstat: 'A',
    resptext: 'Approve for Partial Amount',
    answeredAmount: '5.00',
  },
  ...(['4999006200620062', '5111006200620062', '6465006200620062'] as const).flatMap((pan) =>
    (['RPCT', 'FNOR'] as const).map((platform): TestCardRow => ({
      table: timeoutTable,
      platform,
      pan,
      amount: '5.00',
      respproc: 'PPS',
      respcode: '62',
      respstat: 'B',
      resptext: 'Timed out',
      answeredAmount: '5.00',
    })),
  ),
];
