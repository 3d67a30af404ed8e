import { z } from 'zod';
import { outboxRetrySettings } from './outbox-retry-settings';

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
    ...outboxRetrySettings({ what: 'a text', server: 'the SMS gateway', timeoutMs: 15_000 }),
  },
  { error: 'expected an object' },
);

export type ReceiptSmsSettings = z.output<typeof receiptSmsSettingsSchema>;
