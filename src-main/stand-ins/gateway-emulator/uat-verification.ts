/**
 * AVS and CVV answers of the test environment, from the developer guides: "UAT Test Zip Codes"
 * (the "All Other Processors" table, which covers FNOR and RPCT), "Testing AVS Response Codes"
 * and "UAT Test CVV Numbers".
 */

/** Last three characters of the postal code (or a 3-digit code in the address) to avsresp. */
const avsByCode: ReadonlyMap<string, string> = new Map(
  (
    [
      [['1A1', '224'], 'X'],
      [['1A2', '225', '406'], 'Y'],
      [['1A3', '111', '201'], 'A'],
      [['1A4', '223'], 'W'],
      [['1A5', '113', '226'], 'Z'],
      [['1A6', '112', '214'], 'N'],
      [['1A7', '221'], 'U'],
      [['1A8', '207'], 'G'],
      [['1A9', '218'], 'R'],
      [['2B1', '205'], 'E'],
      [['2B2', '219'], 'S'],
      [['2B3', '228'], 'Q'],
      [['2B4', '204', '227'], 'D'],
      [['2B5', '202'], 'B'],
      [['2B6', '203'], 'C'],
      [['2B7', '216'], 'P'],
      [['2B8', '209'], 'I'],
      [['2B9', '213'], 'M'],
    ] as const
  ).flatMap(([codes, avsresp]) => codes.map((code) => [code, avsresp] as const)),
);

/**
 * The guides leave the processor's default (a postal code ending in no listed value) unnamed;
 * the emulator answers Y, a full match, so an ordinary address verifies.
 */
export const defaultAvsResponse = 'Y';

/**
 * avsresp for an authorization: the postal code's last three characters first, else the first
 * 3-digit AVS code found in the address ("112 Main Street", "31125 Main Street"); undefined when
 * neither field was sent (no verification was attempted).
 */
export function avsResponse(postal: string | undefined, address: string | undefined): string | undefined {
  if (!postal && !address) return undefined;
  if (postal) {
    const byPostal = avsByCode.get(postal.slice(-3).toUpperCase());
    if (byPostal) return byPostal;
  }
  if (address) {
    for (let start = 0; start + 3 <= address.length; start++) {
      const digits = address.slice(start, start + 3);
      const byAddress = /^\d{3}$/.test(digits) ? avsByCode.get(digits) : undefined;
      if (byAddress) return byAddress;
    }
  }
  return defaultAvsResponse;
}

const cvvByValue: ReadonlyMap<string, string> = new Map([
  ['112', 'M'],
  ['111', 'N'],
  ['222', 'P'],
  ['333', 'U'],
]);

/**
 * cvvresp for a cvv2 value: the guides' four test values; any other CVV matches (the guides
 * name no default, and a match is what an ordinary card's correct CVV gives).
 */
export function cvvResponse(cvv2: string | undefined): string | undefined {
  if (cvv2 === undefined || cvv2 === '') return undefined;
  return cvvByValue.get(cvv2) ?? 'M';
}
