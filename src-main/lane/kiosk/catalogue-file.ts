import { z } from 'zod';
import type { CatalogueItem, TaxRate } from '../ipc/contract';
import { barcodeKey, gtinProblem } from './barcodes';
import { csvRows } from './csv-rows';
import { KindedError } from '../../platform/errors';

/**
 * A store's catalogue file read and checked: `catalogue.json` (a list of items, or `{ "items":
 * [...] }`, prices as `unitMinor` cents) or `catalogue.csv` (a header row naming the columns
 * id, barcode, name, category, price, taxRateId in any order; prices written "2.49"). Every bad
 * row is refused, each naming the file, the row (the item's place in JSON, the line in CSV) and
 * the field, so the store fixes them all in one go.
 */

/** A catalogue that cannot be sold from, with every problem found. */
export class CatalogueError extends KindedError<'invalid'> {
  constructor(
    readonly file: string,
    readonly problems: readonly string[],
  ) {
    const shown = problems.slice(0, 10).join('; ');
    const more = problems.length > 10 ? `; and ${problems.length - 10} more` : '';
    super('invalid', `The catalogue ${file} cannot be used: ${shown}${more}`);
    this.name = 'CatalogueError';
  }
}

/** The longest item name: it is a receipt line (the cart's description). */
export const maxNameLength = 26;
/** The dearest item: the cart line's unit price limit, 99,999.99. */
const maxUnitMinor = 9_999_999;

const itemSchema = z
  .object({
    id: z
      .string({ error: 'expected the item id (its SKU) as text' })
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/, { error: 'an item id is 1 to 40 letters, digits, dots or dashes' }),
    barcode: z
      .string({ error: 'expected the barcode as text, or null for an item picked on screen only' })
      .trim()
      .regex(/^[0-9A-Za-z-]{1,32}$/, { error: 'a barcode is 1 to 32 letters or digits' })
      .superRefine((code, context) => {
        const problem = gtinProblem(code);
        if (problem) context.addIssue({ code: 'custom', message: `barcode ${code}: ${problem}` });
      })
      .nullable(),
    name: z
      .string({ error: 'expected the item name' })
      .trim()
      .min(1, { error: 'the name is empty' })
      .max(maxNameLength, { error: `a name is at most ${maxNameLength} characters (it is a receipt line)` }),
    category: z.string({ error: 'expected the category as text, or null' }).trim().min(1).max(30).nullable(),
    unitMinor: z
      .number({ error: 'expected the price in cents' })
      .int({ error: 'a price is a whole number of cents' })
      .min(0, { error: 'a price cannot be negative' })
      .max(maxUnitMinor, { error: 'a price is at most 99,999.99' }),
    taxRateId: z.string({ error: 'expected the tax rate id' }).trim().min(1, { error: 'the tax rate id is empty' }),
  })
  .strict();

/** One row before checking, and how a refusal names it ("item 3", "line 4"). */
interface RawRow {
  readonly where: string;
  readonly value: unknown;
  /** The file's name for a field where it differs from the item's (CSV's `price` is `unitMinor`). */
  readonly fieldNames?: Readonly<Record<string, string>>;
  /** What was wrong before the row could be checked (a CSV line with too few fields, a price that is no number). */
  readonly problems?: readonly string[];
}

/** Parses `text` (the file's contents) by the file's extension; `file` is the name refusals use. */
export function parseCatalogue(file: string, text: string, rates: readonly TaxRate[]): CatalogueItem[] {
  const rows = file.toLowerCase().endsWith('.csv') ? csvCatalogueRows(file, text) : jsonCatalogueRows(file, text);
  const problems: string[] = [];
  const items: CatalogueItem[] = [];
  const ids = new Map<string, string>();
  const barcodes = new Map<string, string>();
  const rateIds = new Set(rates.map((rate) => rate.id));
  for (const row of rows) {
    if (row.problems && row.problems.length > 0) {
      problems.push(...row.problems.map((problem) => `${file} ${row.where}, ${problem}`));
      continue;
    }
    const parsed = itemSchema.safeParse(row.value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = issue.path.map(String).join('.');
        const field = path === '' ? '' : `, field "${row.fieldNames?.[path] ?? path}"`;
        problems.push(`${file} ${row.where}${field}: ${issue.message}`);
      }
      continue;
    }
    const item = parsed.data;
    const rowProblems: string[] = [];
    const sameId = ids.get(item.id);
    if (sameId) rowProblems.push(`field "id": item id ${item.id} is used by ${sameId} too`);
    const key = item.barcode === null ? null : barcodeKey(item.barcode);
    const sameBarcode = key === null ? undefined : barcodes.get(key);
    if (sameBarcode) rowProblems.push(`field "barcode": barcode ${item.barcode} is used by ${sameBarcode} too`);
    if (!rateIds.has(item.taxRateId))
      rowProblems.push(
        `field "taxRateId": unknown tax rate "${item.taxRateId}" (kiosk.taxRates has ${[...rateIds].map((id) => `"${id}"`).join(', ') || 'none'})`,
      );
    problems.push(...rowProblems.map((problem) => `${file} ${row.where}, ${problem}`));
    if (!sameId) ids.set(item.id, row.where);
    if (key !== null && !sameBarcode) barcodes.set(key, row.where);
    if (rowProblems.length === 0) items.push(item);
  }
  if (problems.length === 0 && items.length === 0) problems.push(`${file} has no items`);
  if (problems.length > 0) throw new CatalogueError(file, problems);
  return items;
}

function jsonCatalogueRows(file: string, text: string): RawRow[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new CatalogueError(file, [`${file} is not valid JSON (${(error as Error).message})`]);
  }
  const list = Array.isArray(parsed)
    ? parsed
    : parsed !== null && typeof parsed === 'object' && Array.isArray((parsed as { items?: unknown }).items)
      ? (parsed as { items: unknown[] }).items
      : undefined;
  if (!list) throw new CatalogueError(file, [`${file} holds neither a list of items nor { "items": [...] }`]);
  return list.map((value, index) => ({ where: `item ${index + 1}`, value }));
}

/** The CSV's columns; `price` is written in the currency ("2.49"), the rest as in JSON. */
const csvColumns = ['id', 'barcode', 'name', 'category', 'price', 'taxRateId'] as const;

function csvCatalogueRows(file: string, text: string): RawRow[] {
  let rows;
  try {
    rows = csvRows(text);
  } catch (error) {
    throw new CatalogueError(file, [`${file} ${(error as Error).message}`]);
  }
  const [header, ...records] = rows;
  if (!header) throw new CatalogueError(file, [`${file} is empty: the first line names the columns`]);
  const names = header.fields.map((name) => name.trim());
  const missing = csvColumns.filter((column) => !names.includes(column));
  const unknown = names.filter((name) => !(csvColumns as readonly string[]).includes(name));
  if (missing.length > 0 || unknown.length > 0)
    throw new CatalogueError(file, [
      `${file} line ${header.line}: the columns are ${csvColumns.join(', ')}` +
        (missing.length > 0 ? `; missing: ${missing.join(', ')}` : '') +
        (unknown.length > 0 ? `; not a column: ${unknown.join(', ')}` : ''),
    ]);
  return records.map((record) => {
    const where = `line ${record.line}`;
    if (record.fields.length !== names.length)
      return { where, value: null, problems: [`it has ${record.fields.length} fields, the header ${names.length}`] };
    const cell = (column: (typeof csvColumns)[number]) => record.fields[names.indexOf(column)]!.trim();
    const price = priceMinor(cell('price'));
    if (typeof price === 'string') return { where, value: null, problems: [`field "price": ${price}`] };
    return {
      where,
      fieldNames: { unitMinor: 'price' },
      value: {
        id: cell('id'),
        barcode: cell('barcode') === '' ? null : cell('barcode'),
        name: cell('name'),
        category: cell('category') === '' ? null : cell('category'),
        unitMinor: price,
        taxRateId: cell('taxRateId'),
      },
    };
  });
}

/** "2.49" → 249, "-1.00" → -100 (refused by the schema as negative); anything else: the refusal's words. */
function priceMinor(text: string): number | string {
  const match = /^(-?)(\d{1,9})(?:\.(\d{2}))?$/.exec(text);
  if (!match) return `"${text}" is not a price written like 2.49`;
  const minor = Number(match[2]) * 100 + Number(match[3] ?? '0');
  return match[1] === '-' ? -minor : minor;
}
