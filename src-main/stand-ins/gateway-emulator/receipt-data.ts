import type { EmulatedMerchant } from './config';

/**
 * The receipt fields of an approval (developer-guides.md, "Receipt Data"): the merchant's
 * receipt properties, which userfields may override, the time and the cardholder's name.
 */
export function receiptData(
  merchant: EmulatedMerchant,
  userfields: ReadonlyArray<Record<string, string>>,
  dateTime: string,
  name: string | undefined,
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const entry of userfields) for (const [key, value] of Object.entries(entry)) fields[key] = value;
  const override = (field: string, fallback: string) => fields[field] ?? fallback;
  return {
    header: override('receiptHeader', merchant.receipt.header),
    footer: override('receiptFooter', merchant.receipt.footer),
    dba: override('receiptDba', merchant.receipt.dba),
    address1: override('receiptAddress1', merchant.receipt.address1),
    address2: override('receiptAddress2', merchant.receipt.address2),
    phone: override('receiptPhone', merchant.receipt.phone),
    dateTime,
    nameOnCard: name ?? '',
    orderNote: fields.orderNote ?? '',
    items: fields.items ?? '',
  };
}

/** The emvTagData entries receiptObj repeats at its top level, by the OpenAPI file's names. */
const repeatedTags: ReadonlyArray<[string, string]> = [
  ['Application Label', 'Application Label'],
  ['Entry method', 'Entry Method'],
  ['Mode', 'Mode'],
  ['PIN', 'PIN'],
  ['Signature', 'Signature'],
];
const emvObjectTags = ['TVR', 'ARC', 'TSI', 'AID', 'IAD'];

/**
 * receiptObj, answered for "receipt":"json" (changelog, 1/2020): the receipt fields and the EMV
 * tag data as one JSON object, "only returned when a value is available". Keys follow the OpenAPI
 * `receiptObj` schema; the changelog's example also shows "Network Label" and "Entry method",
 * which the schema does not declare ("Entry Method"): the emulator follows the schema.
 */
export function receiptObject(
  receipt: Record<string, string>,
  emvTagData: string | undefined,
): Record<string, unknown> {
  const answer: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(receipt)) if (value !== '') answer[key] = value;
  const tags = emvTagData ? (JSON.parse(emvTagData) as Record<string, string>) : {};
  for (const [from, to] of repeatedTags) if (tags[from]) answer[to] = tags[from];
  const emv = Object.fromEntries(emvObjectTags.filter((tag) => tags[tag]).map((tag) => [tag, tags[tag]]));
  if (Object.keys(emv).length > 0) answer.emv = emv;
  return answer;
}
