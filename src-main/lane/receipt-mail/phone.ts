/**
 * A phone number a text receipt can go to, in E.164 (`+15551234567`), or why it is not one, in
 * words. Accepted: E.164 (a `+`, a country code that does not start with 0, 8 to 15 digits in all)
 * or a 10-digit North American number (area code and exchange each start with 2-9), with the
 * spaces, dashes, dots and brackets people type; a leading 1 before the 10 digits is the NANP's
 * own country code. Pure and import-free: the screens check a number with it before sending
 * (pureSharedModules in eslint.config.ts).
 */
export function phoneNumberOf(typed: string): { readonly e164: string } | { readonly problem: string } {
  const text = typed.trim();
  if (text.length === 0) return { problem: 'it is empty' };
  if (/[^0-9+\s().-]/.test(text)) return { problem: 'it has a character a phone number cannot have' };
  const plus = text.startsWith('+');
  if (text.lastIndexOf('+') > 0) return { problem: 'a + may only come first' };
  const digits = text.replace(/\D/g, '');
  if (plus) {
    if (digits.startsWith('0')) return { problem: 'a country code never starts with 0' };
    if (digits.length < 8 || digits.length > 15) return { problem: 'an E.164 number has 8 to 15 digits after the +' };
    if (digits.startsWith('1') && !nanp(digits.slice(1)))
      return { problem: 'a +1 number needs a 10-digit area code and number (area code and exchange start with 2-9)' };
    return { e164: `+${digits}` };
  }
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (national.length !== 10)
    return { problem: `it has ${digits.length} digits: give 10 (a US or Canadian number) or + and the country code` };
  if (!nanp(national)) return { problem: 'the area code and the exchange each start with 2-9' };
  return { e164: `+1${national}` };
}

const nanp = (ten: string) => /^[2-9]\d{2}[2-9]\d{6}$/.test(ten);

/** `+1•••••••4567`: enough for the customer to recognise their number on the screen. */
export function maskPhone(e164: string): string {
  return `${e164.slice(0, 2)}${'\u2022'.repeat(Math.max(0, e164.length - 6))}${e164.slice(-4)}`;
}
