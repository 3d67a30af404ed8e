import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultAssetsDir } from '../../../../src-main/lane/core/assets';
import type { TaxRate } from '../../../../src-main/lane/ipc/contract';
import { gtinCheckDigit, gtinProblem } from '../../../../src-main/lane/kiosk/barcodes';
import { CatalogueError, parseCatalogue } from '../../../../src-main/lane/kiosk/catalogue-file';
import { catalogueSource } from '../../../../src-main/lane/kiosk/catalogue-source';

const rates: TaxRate[] = [
  { id: 'standard', name: 'Sales tax', basisPoints: 825 },
  { id: 'food', name: 'Food', basisPoints: 0 },
];

const item = (fields: object = {}) => ({
  id: 'HOM-002',
  barcode: '037000833710',
  name: 'Dish soap 19 oz',
  category: 'Household',
  unitMinor: 329,
  taxRateId: 'standard',
  ...fields,
});

/** The problems a catalogue is refused with (it must be refused). */
function problemsOf(file: string, text: string): readonly string[] {
  try {
    parseCatalogue(file, text, rates);
  } catch (error) {
    expect(error).toBeInstanceOf(CatalogueError);
    return (error as CatalogueError).problems;
  }
  throw new Error('the catalogue was accepted');
}

const csvHeader = 'id,barcode,name,category,price,taxRateId';

describe('GTIN check digits', () => {
  it('computes the GS1 check digit of UPC-A, EAN-13 and EAN-8 codes', () => {
    expect(gtinCheckDigit('03600029145')).toBe(2); // UPC-A 036000291452
    expect(gtinCheckDigit('400638133393')).toBe(1); // EAN-13 4006381333931
    expect(gtinCheckDigit('5901234')).toBe(4); // EAN-8 59012344
    expect(gtinProblem('036000291453')).toBe('its check digit is 2, not 3');
    expect(gtinProblem('SHELF-7')).toBeNull();
  });
});

describe('catalogue.json', () => {
  it('reads a list of items, or an object holding them', () => {
    const list = parseCatalogue('catalogue.json', JSON.stringify([item(), item({ id: 'X', barcode: null })]), rates);
    expect(list).toHaveLength(2);
    expect(list[1]).toEqual(item({ id: 'X', barcode: null }));
    expect(parseCatalogue('catalogue.json', JSON.stringify({ items: [item()] }), rates)).toEqual([item()]);
  });

  it('refuses each bad row naming the file, the item and the field, all in one go', () => {
    const problems = problemsOf(
      'catalogue.json',
      JSON.stringify([
        item(),
        item({ barcode: '059012344' }), // a duplicate id (the barcode is different and valid)
        item({ id: 'B', barcode: '0037000833710' }), // the same UPC-A as an EAN-13
        item({ id: 'C', barcode: null, name: 'Extra virgin olive oil 500 ml' }),
        item({ id: 'D', barcode: null, taxRateId: 'luxury' }),
        item({ id: 'E', barcode: null, unitMinor: -100 }),
        item({ id: 'F', barcode: '036000291453' }),
      ]),
    );
    expect(problems).toEqual([
      'catalogue.json item 2, field "id": item id HOM-002 is used by item 1 too',
      'catalogue.json item 3, field "barcode": barcode 0037000833710 is used by item 1 too',
      'catalogue.json item 4, field "name": a name is at most 26 characters (it is a receipt line)',
      'catalogue.json item 5, field "taxRateId": unknown tax rate "luxury" (kiosk.taxRates has "standard", "food")',
      'catalogue.json item 6, field "unitMinor": a price cannot be negative',
      'catalogue.json item 7, field "barcode": barcode 036000291453: its check digit is 2, not 3',
    ]);
  });

  it('refuses a file that is no JSON, or holds no items', () => {
    expect(problemsOf('catalogue.json', '{ "items": [')[0]).toMatch(/^catalogue\.json is not valid JSON/);
    expect(problemsOf('catalogue.json', '{ "products": [] }')).toEqual([
      'catalogue.json holds neither a list of items nor { "items": [...] }',
    ]);
    expect(problemsOf('catalogue.json', '[]')).toEqual(['catalogue.json has no items']);
  });
});

describe('catalogue.csv', () => {
  it('reads columns in any order, quoted names with commas, prices in the currency, blank barcodes as pick-only', () => {
    const text = [
      'name,id,price,barcode,taxRateId,category',
      '"Bananas, per bunch",FRU-001,1.29,,food,Fruit',
      'Dish soap 19 oz,HOM-002,3.29,037000833710,standard,',
      '',
      '"Say ""cheese"" crackers",BAK-9,2,,food,Bakery',
    ].join('\r\n');
    expect(parseCatalogue('catalogue.csv', text, rates)).toEqual([
      {
        id: 'FRU-001',
        barcode: null,
        name: 'Bananas, per bunch',
        category: 'Fruit',
        unitMinor: 129,
        taxRateId: 'food',
      },
      item({ category: null }),
      {
        id: 'BAK-9',
        barcode: null,
        name: 'Say "cheese" crackers',
        category: 'Bakery',
        unitMinor: 200,
        taxRateId: 'food',
      },
    ]);
  });

  it('refuses each bad line naming the file, the line and the column', () => {
    const problems = problemsOf(
      'catalogue.csv',
      [
        csvHeader,
        'A,037000833710,Dish soap,Household,3.29,standard',
        'A,,Croissant,Bakery,1.79,food',
        'B,0037000833710,Dish soap again,Household,3.29,standard',
        'C,,A name far too long for a slip,Bakery,1.00,food',
        'D,,Lemon,Fruit,0.69,exempt',
        'E,,Refund,Fruit,-1.00,food',
        'F,,Pear,Fruit,1.2x,food',
        'G,,Plum,Fruit',
      ].join('\n'),
    );
    expect(problems).toEqual([
      'catalogue.csv line 3, field "id": item id A is used by line 2 too',
      'catalogue.csv line 4, field "barcode": barcode 0037000833710 is used by line 2 too',
      'catalogue.csv line 5, field "name": a name is at most 26 characters (it is a receipt line)',
      'catalogue.csv line 6, field "taxRateId": unknown tax rate "exempt" (kiosk.taxRates has "standard", "food")',
      'catalogue.csv line 7, field "price": a price cannot be negative',
      'catalogue.csv line 8, field "price": "1.2x" is not a price written like 2.49',
      'catalogue.csv line 9, it has 4 fields, the header 6',
    ]);
  });

  it('refuses a header without the columns, naming what is missing and what is unknown', () => {
    expect(problemsOf('catalogue.csv', 'id,barcode,name,price,tax\nA,,B,1.00,food')).toEqual([
      'catalogue.csv line 1: the columns are id, barcode, name, category, price, taxRateId; missing: category, taxRateId; not a column: tax',
    ]);
    expect(problemsOf('catalogue.csv', `${csvHeader}\nA,,"Open quote,1.00,food`)).toEqual([
      'catalogue.csv line 2: a quoted field is never closed',
    ]);
  });
});

describe('the catalogue source', () => {
  const assetsDir = defaultAssetsDir();

  it('training sells from the assets catalogue with its tax rates: valid barcodes, some items picked on screen only', () => {
    const catalogue = catalogueSource({ assetsDir, training: true, taxRates: [] })();
    expect(catalogue.source).toBe('training');
    expect(catalogue.taxRates.map((rate) => rate.basisPoints)).toEqual([825, 0]);
    expect(catalogue.items.length).toBeGreaterThanOrEqual(14);
    expect(new Set(catalogue.items.map((entry) => entry.category)).size).toBeGreaterThanOrEqual(3);
    expect(catalogue.items.filter((entry) => entry.barcode === null).length).toBeGreaterThanOrEqual(3);
  });

  it('prefers the store file in app data, reads it again when it changes, and refuses a live lane without one', () => {
    const folder = mkdtempSync(join(tmpdir(), 'kiosk-catalogue-'));
    expect(() => catalogueSource({ folder, assetsDir, training: false, taxRates: rates })()).toThrow(
      `The kiosk has no catalogue: store IT puts catalogue.json or catalogue.csv in ${folder}.`,
    );
    const file = join(folder, 'catalogue.csv');
    writeFileSync(file, `${csvHeader}\nA,,Croissant,Bakery,1.79,food\n`);
    const load = catalogueSource({ folder, assetsDir, training: false, taxRates: rates });
    expect(load()).toMatchObject({ source: file, items: [{ id: 'A', unitMinor: 179 }] });
    writeFileSync(file, `${readFileSync(file, 'utf8')}B,,Muffin,Bakery,-2.29,food\n`);
    expect(load).toThrow(
      `The catalogue ${file} cannot be used: ${file} line 3, field "price": a price cannot be negative`,
    );
    writeFileSync(join(folder, 'catalogue.json'), '[]');
    expect(load).toThrow(/holds both .*catalogue\.json and .*catalogue\.csv: keep one of them/);
  });
});
