/**
 * readInput's formats (developer-guides.md, "Using readInput to Capture Customer Information"):
 * PHONE, AMOUNT, MMYY, Nx[,y] and ANx[,y] (y at most 32), case-sensitive; and what the keypad
 * accepts for each, as the answer's `input` carries it.
 */
export type InputFormat =
  | { readonly kind: 'phone' }
  | { readonly kind: 'amount' }
  | { readonly kind: 'mmyy' }
  | { readonly kind: 'numeric' | 'alphanumeric'; readonly min: number; readonly max: number };

/** The format, or undefined when it is not one of the reference's ("Invalid format"). */
export function parseInputFormat(format: string): InputFormat | undefined {
  if (format === 'PHONE') return { kind: 'phone' };
  if (format === 'AMOUNT') return { kind: 'amount' };
  if (format === 'MMYY') return { kind: 'mmyy' };
  const match = /^(AN|N)(\d{1,2})(?:,(\d{1,2}))?$/.exec(format);
  if (!match) return undefined;
  const min = Number(match[2]);
  const max = match[3] === undefined ? min : Number(match[3]);
  if (min < 1 || max < min || max > 32) return undefined;
  return { kind: match[1] === 'N' ? 'numeric' : 'alphanumeric', min, max };
}

/**
 * What the terminal returns for typed `text`, or a problem in words when the keypad would not
 * take it. A phone number comes back with its dashes ("1-234-567-8901"), an amount as digits
 * with the decimal implied ("12345"), a date as MMYY.
 */
export function acceptInput(format: InputFormat, text: string): { value: string } | { problem: string } {
  switch (format.kind) {
    case 'phone': {
      const digits = text.replace(/[-\s()]/g, '');
      if (!/^\d{10,11}$/.test(digits)) return { problem: 'a phone number is 10 or 11 digits' };
      const local = `${digits.slice(-10, -7)}-${digits.slice(-7, -4)}-${digits.slice(-4)}`;
      return { value: digits.length === 11 ? `${digits[0]}-${local}` : local };
    }
    case 'amount': {
      const digits = text.replace(/[$.,]/g, '');
      return /^\d{1,12}$/.test(digits) ? { value: digits } : { problem: 'an amount is digits, the decimal implied' };
    }
    case 'mmyy': {
      const digits = text.replace('/', '');
      return /^(0[1-9]|1[0-2])\d{2}$/.test(digits) ? { value: digits } : { problem: 'a date is MMYY' };
    }
    default: {
      const pattern = format.kind === 'numeric' ? /^\d*$/ : /^[A-Za-z0-9]*$/;
      if (!pattern.test(text))
        return { problem: `only ${format.kind === 'numeric' ? 'digits' : 'letters and digits'}` };
      if (text.length < format.min || text.length > format.max)
        return { problem: `${format.min === format.max ? format.min : `${format.min} to ${format.max}`} characters` };
      return { value: text };
    }
  }
}
