/**
 * The Terminal Device ID (`termid`): the gateway's OpenAPI file says it "must be exactly 8
 * characters long, and the last 5 characters (used to display on the report) must be numbers".
 * FACTS.md gives 12 characters; the OpenAPI file is the newer word (its maxLength is 8 too), so
 * the lane follows it (ADR 088).
 */
export const termidLength = 8;

/** The rule in words, for the setting's refusal and the request's ValidationError. */
export const termidRule = 'exactly 8 characters, the last 5 of them digits (e.g. LAN00001 or 21341324)';

/** Whether `termid` keeps the rule: 8 printable characters, the last 5 digits. */
export function isValidTermid(termid: string): boolean {
  return /^[\x21-\x7E]{3}\d{5}$/.test(termid);
}
