import { z } from 'zod';
import { integerFrom, outboxRetrySettings } from './outbox-retry-settings';
import { addressProblem } from '../receipt-mail/address';

/** How the lane talks to the mail server: implicit TLS (465), STARTTLS required (587), or plain (a relay on the store's own network). */
export const mailSecurities = ['starttls', 'tls', 'none'] as const;

/**
 * `receiptMail`: the store's mail server for emailed receipts (ADR 068). Without a host,
 * emailed receipts are off and the command says so. The password is a secret
 * (`mail.password` in the lane's secret store), never in settings.json.
 */
export const receiptMailSettingsSchema = z
  .strictObject(
    {
      host: z
        .string({ error: 'expected a host name' })
        .min(1)
        .max(253)
        .regex(/^[A-Za-z0-9.:[\]-]+$/, { error: 'expected a host name or IP address, such as mail.store.example' })
        .nullable()
        .default(null)
        .describe('The mail server. Null: emailed receipts are off.'),
      port: integerFrom(1, 65_535, 'a port').default(587).describe('587 for STARTTLS, 465 for TLS, 25 for a relay.'),
      security: z
        .enum(mailSecurities, { error: `expected one of ${mailSecurities.join(', ')}` })
        .default('starttls')
        .describe(
          '`starttls` (upgrade required), `tls` (from the first byte) or `none` (a relay on the store network).',
        ),
      user: z
        .string({ error: 'expected a user name' })
        .min(1)
        .max(256)
        .nullable()
        .default(null)
        .describe('The mail account; its password is the `mail.password` secret. Null: no login.'),
      from: z
        .string({ error: 'expected an email address' })
        .max(254)
        .refine((value) => addressProblem(value) === null, {
          error: 'expected an email address, such as receipts@store.example',
        })
        .nullable()
        .default(null)
        .describe('The sender the customer sees, such as receipts@store.example.'),
      ...outboxRetrySettings({ what: 'a receipt', server: 'the mail server', timeoutMs: 30_000 }),
    },
    { error: 'expected an object' },
  )
  .refine((mail) => mail.host === null || mail.from !== null, {
    error: 'a mail server needs a sender address (`from`)',
    path: ['from'],
  })
  .refine((mail) => mail.user === null || mail.security !== 'none', {
    error: 'a password is never sent in the clear: use `starttls` or `tls` with a user',
    path: ['security'],
  });

export type ReceiptMailSettings = z.output<typeof receiptMailSettingsSchema>;
