import { checkUserfields, type Userfields } from '../../gateway/userfields';

/**
 * The names of the lane's own facts in an authorization's `userfields` (ADR 088): short, stable,
 * prefixed so they never meet a merchant's own fields or the receipt fields the gateway reads.
 * The gateway's reports carry them back, so a report's line joins the lane, the cashier and the
 * shift that took it.
 */
export const laneFieldNames = {
  lane: 'lanepoint_lane',
  cashier: 'lanepoint_cashier',
  shift: 'lanepoint_shift',
} as const;

/** Who took a payment, as the journal stamps its row: the lane, the signed-in cashier, the open shift. */
export interface LaneFacts {
  readonly terminalId: string;
  readonly cashier?: string | undefined;
  readonly shiftId?: number | undefined;
}

/**
 * The lane's facts as userfields, in the array of single-pair objects the OpenAPI file declares
 * (its schema is `type: array`; CardPointe's reports keep the order only in that form). A cashier
 * or shift that is not there is left out. Checked against the 4000-byte limit like any userfields.
 */
export function laneUserfields(facts: LaneFacts): Array<Record<string, string>> {
  const fields: Array<Record<string, string>> = [{ [laneFieldNames.lane]: facts.terminalId }];
  if (facts.cashier) fields.push({ [laneFieldNames.cashier]: facts.cashier });
  if (facts.shiftId !== undefined) fields.push({ [laneFieldNames.shift]: String(facts.shiftId) });
  checkUserfields(fields);
  return fields;
}

/**
 * The lane's userfields joined to those a payment already carries: an array's entries follow the
 * lane's; an object's pairs become single-pair entries after them. The whole is checked again.
 */
export function withLaneUserfields(facts: LaneFacts, own: Userfields | undefined): Array<Record<string, string>> {
  const lane = laneUserfields(facts);
  if (own === undefined) return lane;
  const rest = Array.isArray(own)
    ? own.map((entry) => ({ ...entry }))
    : Object.entries(own).map(([name, value]) => ({ [name]: value }));
  const joined = [...lane, ...rest];
  checkUserfields(joined);
  return joined;
}
