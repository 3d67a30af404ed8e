import { z } from 'zod';
import { integerFrom } from './schema-parts';

const yesNo = { error: 'expected true or false' } as const;

/**
 * The `offline` settings section: whether the lane takes card payments while the gateway cannot
 * be reached, and within which limits (ADR 074). Off by default. The limits
 * are enforced in the core (offline/policy.ts); the screen only repeats what the core said.
 */
export const offlineSettingsSchema = z
  .strictObject(
    {
      enabled: z
        .boolean(yesNo)
        .default(false)
        .describe(
          'Take chip and contactless card sales while the gateway cannot be reached: stored sealed in the journal and sent when it is back. The merchant carries the risk of a later decline.',
        ),
      perPaymentMaxMinor: integerFrom(1, 99_999_999)
        .default(5000)
        .describe('The most one payment may be while offline (minor units); a larger one is refused offline.'),
      totalMaxMinor: integerFrom(1, 999_999_999)
        .default(50_000)
        .describe('The most all stored payments together may come to (minor units).'),
      maxCount: integerFrom(1, 10_000).default(20).describe('How many payments may be stored at once.'),
      maxAgeHours: integerFrom(1, 168)
        .default(24)
        .describe('Once the oldest stored payment is older than this, no more are taken offline.'),
      allowSwipe: z
        .boolean(yesNo)
        .default(false)
        .describe('Also take swiped cards offline (chip and contactless always are).'),
      allowKeyed: z.boolean(yesNo).default(false).describe('Also take keyed cards offline.'),
    },
    { error: 'expected an object' },
  )
  .superRefine((value, context) => {
    if (value.perPaymentMaxMinor > value.totalMaxMinor)
      context.addIssue({
        code: 'custom',
        path: ['perPaymentMaxMinor'],
        message: `perPaymentMaxMinor (${value.perPaymentMaxMinor}) is above totalMaxMinor (${value.totalMaxMinor}): one payment could never be stored`,
      });
  })
  .describe('Offline card payments: stored while the gateway is down, within these limits (ADR 074). Off by default.');

export type OfflineSettings = z.output<typeof offlineSettingsSchema>;
