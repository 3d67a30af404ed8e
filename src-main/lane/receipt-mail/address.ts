/**
 * Why `address` is not an email address a receipt can go to, in words, or null when it is one.
 * Deliberately plain (RFC 5321's mailbox without quoted local parts or address literals): what a
 * customer says at the counter, checked before anything is queued. A line break is never an
 * address (it would be a header of its own). Pure and import-free: the screens check an address
 * with it before sending (pureSharedModules in eslint.config.ts).
 */
export function addressProblem(address: string): string | null {
  if (address.length === 0) return 'it is empty';
  if (address.length > 254) return 'it is longer than 254 characters';
  if (/[\s\p{Cc}]/u.test(address)) return 'it has a space or a line break in it';
  const at = address.lastIndexOf('@');
  if (at < 0) return 'it has no @';
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (!local) return 'nothing comes before the @';
  if (local.length > 64) return 'the part before the @ is longer than 64 characters';
  if (
    !/^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+$/.test(local) ||
    local.startsWith('.') ||
    local.endsWith('.') ||
    local.includes('..')
  )
    return 'the part before the @ has a character an address cannot have';
  if (!domain) return 'nothing comes after the @';
  const labels = domain.split('.');
  if (labels.length < 2) return `the domain "${domain}" has no dot (such as example.com)`;
  if (!labels.every((label) => /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/.test(label)))
    return `the domain "${domain}" is not a domain name`;
  if (!/^[A-Za-z]{2,63}$/.test(labels.at(-1)!)) return `the domain "${domain}" does not end in a top-level domain`;
  return null;
}

/**
 * `j••••@example.com`: the first letter and the domain, enough for the customer to
 * recognise their address on a screen others can see; always four dots, so the length is not told.
 */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '\u2022'.repeat(4);
  return `${address.slice(0, 1)}${'\u2022'.repeat(4)}${address.slice(at)}`;
}
