import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { LaneError } from '../errors';
import type { CatalogueItem, KioskCatalogue, TaxRate } from '../ipc/contract';
import { barcodeKey } from './barcodes';
import { CatalogueError, parseCatalogue } from './catalogue-file';

/**
 * Where the kiosk's catalogue comes from: `catalogue.json` or `catalogue.csv` in the lane's
 * app-data folder (beside settings.json), with the store's tax rates from `kiosk.taxRates`.
 * Training without a catalogue of its own sells from `assets/kiosk/catalogue.json` with the
 * rates in `assets/kiosk/tax-rates.json` (used only while `kiosk.taxRates` is empty). The file is
 * read again when it changes, so the store updates prices without a restart.
 */
export interface CatalogueSourceOptions {
  /** The app-data folder; none (tests, the CLI): training's catalogue only. */
  readonly folder?: string;
  readonly assetsDir: string;
  readonly training: boolean;
  readonly taxRates: readonly TaxRate[];
}

const taxRatesFileSchema = z.array(
  z.strictObject({ id: z.string().min(1), name: z.string().min(1), basisPoints: z.number().int().min(0).max(10_000) }),
);

/** Training's tax rates, from assets. */
export function trainingTaxRates(assetsDir: string): TaxRate[] {
  return taxRatesFileSchema.parse(JSON.parse(readFileSync(join(assetsDir, 'kiosk', 'tax-rates.json'), 'utf8')));
}

/** Returns the loader: the catalogue as it stands, or a refusal that names the file and every bad row. */
export function catalogueSource(options: CatalogueSourceOptions): () => KioskCatalogue {
  let cached: { key: string; catalogue: KioskCatalogue } | undefined;
  const rates = (): readonly TaxRate[] =>
    options.taxRates.length > 0 || !options.training ? options.taxRates : trainingTaxRates(options.assetsDir);
  const storeFile = (): string | undefined => {
    if (!options.folder) return undefined;
    const found = ['catalogue.json', 'catalogue.csv']
      .map((name) => join(options.folder!, name))
      .filter((file) => existsSync(file));
    if (found.length > 1)
      throw new LaneError(
        'refused',
        `The app-data folder holds both ${found.join(' and ')}: keep one of them, so the kiosk knows which catalogue is the store's.`,
      );
    return found[0];
  };
  return () => {
    const file = storeFile();
    if (!file && !options.training)
      throw new LaneError(
        'refused',
        `The kiosk has no catalogue: store IT puts catalogue.json or catalogue.csv in ${options.folder ?? 'the app-data folder'}.`,
      );
    const path = file ?? join(options.assetsDir, 'kiosk', 'catalogue.json');
    const stat = statSync(path);
    const key = `${path}|${stat.mtimeMs}|${stat.size}`;
    if (cached?.key === key) return cached.catalogue;
    const taxRates = rates();
    try {
      const items = parseCatalogue(path, readFileSync(path, 'utf8'), taxRates);
      cached = { key, catalogue: { items, taxRates, source: file ?? 'training' } };
      return cached.catalogue;
    } catch (error) {
      if (error instanceof CatalogueError) throw new LaneError('refused', error.message);
      throw error;
    }
  };
}

/** A catalogue's items by id and by barcode (its `barcodeKey`), made once per reading of the file. */
interface CatalogueIndex {
  readonly byId: ReadonlyMap<string, CatalogueItem>;
  readonly byBarcode: ReadonlyMap<string, CatalogueItem>;
}

const indexes = new WeakMap<KioskCatalogue, CatalogueIndex>();

/**
 * Looks items up in `catalogue` without walking a store's whole list on every scan: the index is
 * built when a reading is first asked, and the loader hands out the same reading until the file
 * changes.
 */
export function catalogueIndex(catalogue: KioskCatalogue): CatalogueIndex {
  let index = indexes.get(catalogue);
  if (!index) {
    index = {
      byId: new Map(catalogue.items.map((item) => [item.id, item])),
      byBarcode: new Map(
        catalogue.items.flatMap((item) => (item.barcode === null ? [] : [[barcodeKey(item.barcode), item] as const])),
      ),
    };
    indexes.set(catalogue, index);
  }
  return index;
}
