import { z } from 'zod';
import { asSection, integerFrom, serialPortWith } from './schema-parts';
import { staffCallSettingsSchema } from './staff-call-settings';

/**
 * The `kiosk` settings section: the self-checkout (src-main/kiosk/): inactivity, the store's tax
 * rates its catalogue names, the languages the welcome offers, a serial barcode scanner, and where
 * staff are called.
 */
export const kioskSettingsSchema = z.strictObject(
  {
    idleResetSeconds: integerFrom(15, 3600).default(90),
    /**
     * A member of staff signed in at the kiosk who does nothing for this long is signed out: the
     * next person at the screen is most likely a customer, who must never inherit staff's rights.
     */
    staffIdleSeconds: integerFrom(15, 600).default(60),
    /** The store's tax rates; empty: training uses assets/kiosk/tax-rates.json, a live kiosk sells nothing. */
    taxRates: z
      .array(
        z.strictObject({
          id: z.string({ error: 'expected a tax rate id' }).regex(/^[a-z0-9][a-z0-9-]{0,15}$/, {
            error: 'expected 1 to 16 lower-case letters, digits or dashes',
          }),
          name: z.string({ error: 'expected a name' }).trim().min(1).max(20),
          /** 825 is 8.25 %. */
          basisPoints: integerFrom(0, 10_000),
        }),
        { error: 'expected a list of tax rates' },
      )
      .max(20)
      .default([]),
    /** The languages the welcome offers, the default first (ISO 639-1, optionally with a region: "en", "es", "fr-CA"). */
    languages: z
      .array(
        z
          .string({ error: 'expected a language code' })
          .regex(/^[a-z]{2}(-[A-Z]{2})?$/, { error: 'expected a language code such as "en" or "fr-CA"' }),
        { error: 'expected a list of language codes' },
      )
      .min(1, { error: 'at least one language' })
      .max(8)
      .default(['en']),
    /**
     * A barcode scanner in serial mode (drivers/barcode-scanner/), its codes straight into the
     * basket; null: none, or one in keyboard mode the screen reads. Scanners ship at 9600 baud.
     */
    scanner: z
      .strictObject({
        serial: serialPortWith(9600),
        /** What the scanner is set to send before and after each code, before its CR. */
        prefix: z.string().max(8).default(''),
        suffix: z.string().max(8).default(''),
        /** A code still without its CR this long after its last byte is dropped. */
        timeoutMs: integerFrom(20, 5000).default(300),
      })
      .nullable()
      .default(null),
    /** Where a member of staff is called when the customer needs one (staff-call-settings.ts). */
    staffCall: staffCallSettingsSchema.prefault({}),
  },
  asSection,
);

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
