import { z } from 'zod';
import { asSection, integerFrom, serialPortWith } from './schema-parts';
import { staffCallSettingsSchema } from './staff-call-settings';

/**
 * The `kiosk` settings section: the self-checkout (src-main/lane/kiosk/): inactivity, the store's tax
 * rates its catalogue names, the languages the welcome offers, a serial barcode scanner, and where
 * staff are called.
 */
export const kioskSettingsSchema = z
  .strictObject(
    {
      idleResetSeconds: integerFrom(15, 3600)
        .default(90)
        .describe('Seconds without a touch before the kiosk asks "Do you need more time?" and returns to its welcome.'),
      // The next person at the screen is most likely a customer, who must never inherit staff's rights.
      staffIdleSeconds: integerFrom(15, 600)
        .default(60)
        .describe(
          'A staff session at a kiosk with no staff command for this long ends (and a customer\u2019s visit starting ends it at once).',
        ),
      taxRates: z
        .array(
          z.strictObject({
            id: z
              .string({ error: 'expected a tax rate id' })
              .regex(/^[a-z0-9][a-z0-9-]{0,15}$/, {
                error: 'expected 1 to 16 lower-case letters, digits or dashes',
              })
              .describe('The id the catalogue\u2019s `taxRateId` names.'),
            name: z
              .string({ error: 'expected a name' })
              .trim()
              .min(1)
              .max(20)
              .describe('The rate\u2019s name on receipts.'),
            basisPoints: integerFrom(0, 10_000).describe('The rate in basis points: 825 is 8.25 %.'),
          }),
          { error: 'expected a list of tax rates' },
        )
        .max(20)
        .default([])
        .describe(
          'The store\u2019s tax rates the catalogue names: `[{ "id": "standard", "name": "Sales tax", "basisPoints": 825 }]`. Empty: training uses assets/kiosk/tax-rates.json, a live kiosk sells nothing.',
        ),
      languages: z
        .array(
          z
            .string({ error: 'expected a language code' })
            .regex(/^[a-z]{2}(-[A-Z]{2})?$/, { error: 'expected a language code such as "en" or "fr-CA"' }),
          { error: 'expected a list of language codes' },
        )
        .min(1, { error: 'at least one language' })
        .max(8)
        .default(['en'])
        .describe(
          'The languages the welcome offers, the default first (ISO 639-1, optionally with a region: "en", "es", "fr-CA").',
        ),
      scanner: z
        .strictObject({
          serial: serialPortWith(9600),
          prefix: z.string().max(8).default('').describe('What the scanner is set to send before each code.'),
          suffix: z.string().max(8).default('').describe('What it sends after each code, before its CR.'),
          timeoutMs: integerFrom(20, 5000)
            .default(300)
            .describe('A code still without its CR this long after its last byte is dropped.'),
        })
        .nullable()
        .default(null)
        .describe(
          'A barcode scanner in serial mode (drivers/barcode-scanner/), its codes straight into the basket; null: none, or one in keyboard mode the screen reads. Scanners ship at 9600 baud.',
        ),
      staffCall: staffCallSettingsSchema
        .prefault({})
        .describe('Where a member of staff is called when the customer needs one (staff-call-settings.ts).'),
    },
    asSection,
  )
  .describe('The self-checkout (src-main/lane/kiosk/): inactivity, tax rates, languages, a scanner, calling staff.');

/** What the section's shape cannot say: a tax rate or a language listed twice (paths inside `kiosk`). */
export function kioskSettingIssues(
  kiosk: z.output<typeof kioskSettingsSchema>,
): { path: (string | number)[]; message: string }[] {
  const found: { path: (string | number)[]; message: string }[] = [];
  const taxRateIds = new Set<string>();
  kiosk.taxRates.forEach((rate, index) => {
    if (taxRateIds.has(rate.id))
      found.push({ path: ['taxRates', index, 'id'], message: `tax rate "${rate.id}" is listed twice` });
    taxRateIds.add(rate.id);
  });
  kiosk.languages.forEach((language, index) => {
    if (kiosk.languages.indexOf(language) !== index)
      found.push({ path: ['languages', index], message: `"${language}" is listed twice` });
  });
  return found;
}
