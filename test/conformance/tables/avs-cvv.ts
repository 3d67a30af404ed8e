/**
 * The developer guides' AVS and CVV test tables, transcribed, each row with its table. The
 * emulator keeps its own transcription (src-main/stand-ins/gateway-emulator/uat-verification.ts).
 */
export interface AvsRow {
  readonly table: string;
  /** The postal-code endings of the row, alphanumeric ones included. */
  readonly endings: readonly string[];
  readonly avsresp: string;
  readonly description: string;
}

const avsTable = 'developer-guides.md › UAT Test Card Data › UAT Test Zip Codes › All Other Processors';

/** "All Other Processors", which covers FNOR and RPCT (the Chase Paymentech table is for PMT, not emulated). */
export const avsRows: readonly AvsRow[] = (
  [
    [['1A1', '224'], 'X', 'Address + Zip Match'],
    [['1A2', '225', '406'], 'Y', 'Address + Zip Match'],
    [['1A3', '111', '201'], 'A', 'Address Matches, Zip Does Not Match'],
    [['1A4', '223'], 'W', 'Zip Matches, Address Does Not Match'],
    [['1A5', '113', '226'], 'Z', 'Zip Matches, Address Does Not Match'],
    [['1A6', '112', '214'], 'N', 'No Address or Zip Match'],
    [['1A7', '221'], 'U', 'Address Unavailable'],
    [['1A8', '207'], 'G', 'Issuer Does Not Participate'],
    [['1A9', '218'], 'R', 'Issuer System Unavailable'],
    [['2B1', '205'], 'E', 'Error, AVS Check Not Performed'],
    [['2B2', '219'], 'S', 'Service Not Supported'],
    [['2B3', '228'], 'Q', 'Bill To Address Did Not Pass Edit Checks'],
    [['2B4', '204', '227'], 'D', 'International Address + Postal Code Match'],
    [['2B5', '202'], 'B', 'International Address Matches, Postal Code Not Verified Due to Incompatible Format'],
    [['2B6', '203'], 'C', 'International Address + Postal Code Not Verified Due to Incompatible Formats'],
    [['2B7', '216'], 'P', 'International Postal Code Matches, Address Not Verified Due to Incompatible Format'],
    [['2B8', '209'], 'I', 'International Address Not Verified by Issuer'],
    [['2B9', '213'], 'M', 'International Address + Postal Code Match'],
  ] as const
).map(([endings, avsresp, description]) => ({ table: avsTable, endings, avsresp, description }));

/**
 * The postal code and country a row's ending is sent with: a digit ending in a US ZIP (the
 * OpenAPI: "If country is "US", must be 5 or 9 digits"), an alphanumeric one in a Canadian
 * postal code with its country, as the guides ask ("include the country field in your request
 * when providing an alphanumeric postal code").
 */
export function postalFor(ending: string): { postal: string; country?: string } {
  return /^\d{3}$/.test(ending) ? { postal: `19${ending}` } : { postal: `K1A${ending}`, country: 'CA' };
}

/** "Testing AVS Response Codes": a 3-digit code in the address triggers the same answer, e.g. "112 Main Street" or "31125 Main Street". */
export const avsAddressRows = [
  { table: 'developer-guides.md › Testing AVS Response Codes', address: '112 Main Street', avsresp: 'N' },
  { table: 'developer-guides.md › Testing AVS Response Codes', address: '31125 Main Street', avsresp: 'N' },
] as const;

export interface CvvRow {
  readonly table: string;
  readonly cvv2: string;
  readonly cvvresp: string;
}

/** "You can use the following test CVV numbers on the First Data North or Rapid Connect UAT emulator". */
export const cvvRows: readonly CvvRow[] = (
  [
    ['112', 'M'],
    ['111', 'N'],
    ['222', 'P'],
    ['333', 'U'],
  ] as const
).map(([cvv2, cvvresp]) => ({
  table: 'developer-guides.md › UAT Test Card Data › UAT Test CVV Numbers',
  cvv2,
  cvvresp,
}));
