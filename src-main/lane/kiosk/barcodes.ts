/**
 * Retail barcodes as the kiosk compares them. A UPC-A (12 digits) is the EAN-13 with a leading
 * zero, and scanners send either, so the GTIN family (8, 12, 13 and 14 digits) is compared as 14
 * digits; any other code (a store's own) is compared as printed.
 */

const gtinLengths = new Set([8, 12, 13, 14]);

/** Whether `code` is all digits and of a GTIN length (EAN-8, UPC-A, EAN-13, GTIN-14). */
export function isGtin(code: string): boolean {
  return /^\d+$/.test(code) && gtinLengths.has(code.length);
}

/**
 * The GS1 check digit for the digits before it: from the right, weights 3, 1, 3, ...; the
 * check digit brings the sum up to a multiple of ten.
 */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let index = 0; index < body.length; index += 1) {
    const digit = Number(body[body.length - 1 - index]);
    sum += index % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** Why a GTIN's last digit is wrong ("the check digit is 3, not 4"), or null when it is right or the code is no GTIN. */
export function gtinProblem(code: string): string | null {
  if (!isGtin(code)) return null;
  const expected = gtinCheckDigit(code.slice(0, -1));
  const given = Number(code.at(-1));
  return expected === given ? null : `its check digit is ${expected}, not ${given}`;
}

/** The form two barcodes are compared in: GTINs zero-padded to 14 digits, anything else upper-cased. */
export function barcodeKey(code: string): string {
  return isGtin(code) ? code.padStart(14, '0') : code.toUpperCase();
}

/**
 * Whether `code` could be a payment card number (13 to 19 digits passing the Luhn check, and
 * no GTIN): a card swiped on a scanner or typed into its keyboard stream must never be echoed
 * as an unknown barcode on the screen or in the log.
 */
export function looksLikeCardNumber(code: string): boolean {
  if (!/^\d{13,19}$/.test(code) || (isGtin(code) && gtinProblem(code) === null)) return false;
  let sum = 0;
  for (let index = 0; index < code.length; index += 1) {
    let digit = Number(code[code.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}
