import { z } from 'zod';
import { asSection, integerFrom } from './schema-parts';

/** The tip shares a customer display offers when the settings name none: the counter's own. */
export const defaultTipPercents = [15, 18, 20] as const;

/**
 * The `customerDisplay` section: the screen that faces the customer at a counter lane (ADR 087).
 * It shows the cart, the amount and how to pay, and asks the customer for the tip, the
 * signature, a fee and the receipt. Off by default: a counter without one asks at the cashier.
 */
export const customerDisplaySettingsSchema = z
  .strictObject(
    {
      enabled: z
        .boolean({ error: 'expected true or false' })
        .default(false)
        .describe(
          'A counter lane shows the customer their side of the sale: a second window on a second display (Electron), or its own page in browser mode. In training with no second display, the training panel shows it beside the counter.',
        ),
      displayId: z
        .number({ error: 'expected a display id (a whole number) or null' })
        .int({ error: 'expected a display id (a whole number) or null' })
        .nonnegative()
        .nullable()
        .default(null)
        .describe(
          'Electron: the display the customer window goes on, by the id Electron gives it (the log names each display\u2019s id and size when the window opens, or cannot). Null: the first display that is not the cashier\u2019s. Kept while the display is unplugged; the window goes back when it returns.',
        ),
      storeName: z
        .string({ error: 'expected the store\u2019s name' })
        .trim()
        .max(40)
        .default('')
        .describe('The store\u2019s name on the idle screen; empty shows none.'),
      message: z
        .string({ error: 'expected a short message' })
        .trim()
        .max(120)
        .default('')
        .describe(
          'The idle screen\u2019s message under the store\u2019s name; empty: "Welcome" in the customer\u2019s language.',
        ),
      logoFile: z
        .string({ error: 'expected a path to a PNG, JPEG or SVG file' })
        .max(1024)
        .default('')
        .describe(
          'A PNG, JPEG or SVG of at most 256 KiB for the idle screen; empty shows the store\u2019s name alone.',
        ),
      tipPercents: z
        .array(integerFrom(1, 100), { error: 'expected a list of percentages' })
        .min(1, { error: 'at least one percentage' })
        .max(4, { error: 'at most four percentages' })
        .default([...defaultTipPercents])
        .describe('The tip shares offered to the customer (where `payments.tips` is on), as whole percentages.'),
      languages: z
        .array(z.enum(['en', 'es'], { error: 'expected "en" or "es"' }), { error: 'expected a list of languages' })
        .min(1, { error: 'at least one language' })
        .max(2)
        .default(['en', 'es'])
        .describe('The languages the customer may choose between, the default first.'),
    },
    asSection,
  )
  .describe('The customer display at a counter lane (ADR 087).');

export type CustomerDisplaySettings = z.infer<typeof customerDisplaySettingsSchema>;
