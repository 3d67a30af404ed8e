import { z } from 'zod';

const httpUrl = z
  .string({ error: 'expected an http or https URL' })
  .max(2048, { error: 'must be at most 2048 characters' })
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
    error: 'expected an absolute http or https URL, such as http://pager.store.lan/kiosk-calls',
  });

const millisecondsFrom = (min: number, max: number) => {
  const error = `expected milliseconds from ${min} to ${max}`;
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};

/**
 * `kiosk.staffCall`: where the self-checkout calls a member of staff (docs/adr/034). Without a
 * URL the kiosk still stops and asks the customer to find someone; with one it POSTs each call,
 * and its clearing, to the store's pager or chat bridge. Plain http is allowed: such bridges
 * live on the store's own network, and a call carries no card data.
 */
export const staffCallSettingsSchema = z.strictObject(
  {
    url: httpUrl
      .nullable()
      .default(null)
      .describe(
        'Where the kiosk calls staff (an unconfirmed payment, a failed void, a customer\u2019s Help): a JSON POST per call and again when it is cleared (ADR 034). Null: the screen asks the customer to find staff.',
      ),
    timeoutMs: millisecondsFrom(200, 30_000)
      .default(5000)
      .describe('One attempt\u2019s limit: a pager that does not answer in this time is tried again.'),
    firstRetryMs: millisecondsFrom(10, 60_000)
      .default(2000)
      .describe('The wait before the first retry; each next wait doubles, up to a minute.'),
  },
  { error: 'expected an object' },
);
