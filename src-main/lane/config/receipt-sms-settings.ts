import { z } from 'zod';

const integerFrom = (min: number, max: number, what: string) => {
  const error = `expected ${what} from ${min} to ${max}`;
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};

const httpUrl = (example: string) =>
  z
    .string({ error: 'expected an http or https URL' })
    .max(2048, { error: 'must be at most 2048 characters' })
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
      error: `expected an absolute http or https URL, such as ${example}`,
    });

/**
 * `receiptSms`: the store's SMS gateway for texted receipts (ADR 070). Without a URL, texted
 * receipts are off and the command says so. Each text is one JSON POST (`{ to, from, text }`)
 * with `Authorization: Bearer` and the `sms.token` secret from the lane's secret store, never
 * in settings.json.
 */
export const receiptSmsSettingsSchema = z.strictObject(
  {
    url: httpUrl('https://sms.store.example/messages')
      .nullable()
      .default(null)
      .describe(
        'The store\u2019s SMS gateway: a JSON POST of { to, from, text } per text, with the `sms.token` secret as a Bearer token. Null: texted receipts are off.',
      ),
    from: z
      .string({ error: 'expected a sender name or number' })
      .min(1)
      .max(20)
      .regex(/^[A-Za-z0-9 +]+$/, { error: 'expected a sender name or number: letters, digits, spaces or +' })
      .nullable()
      .default(null)
      .describe('The sender the gateway shows, when it lets the store choose one. Null: the gateway\u2019s own.'),
    link: httpUrl('https://store.example/receipts/{orderId}')
      .nullable()
      .default(null)
      .describe('A link at the end of each text; `{orderId}` in it becomes the order id. Null: no link.'),
    maxAttempts: integerFrom(1, 50, 'a number of attempts')
      .default(10)
      .describe('Tries before a text is given up and shown as not sent.'),
    firstRetryMs: integerFrom(1000, 3_600_000, 'milliseconds')
      .default(30_000)
      .describe('The wait before the first retry; each next wait doubles, up to `maxRetryMs`.'),
    maxRetryMs: integerFrom(1000, 86_400_000, 'milliseconds')
      .default(1_800_000)
      .describe('The longest wait between tries.'),
    timeoutMs: integerFrom(1000, 120_000, 'milliseconds')
      .default(15_000)
      .describe('How long one attempt may wait on the SMS gateway.'),
  },
  { error: 'expected an object' },
);

export type ReceiptSmsSettings = z.output<typeof receiptSmsSettingsSchema>;
