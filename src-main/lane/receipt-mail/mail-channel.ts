import nodemailer, { type Transporter } from 'nodemailer';
import type { ReceiptMailSettings } from '../config/receipt-mail-settings';
import { composeReceiptEmail } from '../receipt/email';
import type { ReceiptFacts } from '../receipt/model';
import { decodeSignature } from '../signature/codec';
import type { WaitingMail } from './outbox-store';
import { mailVerdict, type MailVerdict } from './retry';

/** One attempt's end: sent, or the verdict (try again later, or give up). */
export type Delivery = { readonly sent: true } | MailVerdict;

/** One pass of a channel over its due rows: one connection for all of them, closed at the end. */
export interface ChannelPass {
  send(row: WaitingMail, facts: ReceiptFacts, attempts: number): Promise<Delivery>;
  close(): void;
}

export interface MailChannelOptions {
  readonly settings: ReceiptMailSettings;
  readonly password: () => Promise<string | undefined>;
  /**
   * The sale's signature as the gateway keeps it (Base64 of the gzipped BMP), asked when the row
   * holds none (an email from History); undefined when the sale has none or it cannot be learned.
   */
  readonly signatureOf?: (orderId: string) => Promise<string | undefined>;
  readonly training: boolean;
  readonly currency?: string | undefined;
  readonly now: () => number;
}

/** The signature as an image, or none: one that does not decode goes without, as a reprint does. */
function imageOf(signature: string | undefined) {
  if (!signature) return undefined;
  try {
    return decodeSignature(signature);
  } catch {
    return undefined;
  }
}

/** The email channel (ADR 068): composes each receipt from the journal's facts and sends it over SMTP with nodemailer. */
export async function openMailPass(options: MailChannelOptions): Promise<ChannelPass | undefined> {
  const { settings } = options;
  if (settings.host === null || settings.from === null) return undefined;
  const password = settings.user ? await options.password() : undefined;
  const transport: Transporter = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.security === 'tls',
    requireTLS: settings.security === 'starttls',
    ignoreTLS: settings.security === 'none',
    ...(settings.user ? { auth: { user: settings.user, pass: password ?? '' } } : {}),
    connectionTimeout: settings.timeoutMs,
    greetingTimeout: settings.timeoutMs,
    socketTimeout: settings.timeoutMs,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    async send(mail, facts, attempts) {
      const signature = mail.signature ?? (await options.signatureOf?.(mail.orderId));
      const image = imageOf(signature) ?? facts.signature.image;
      const email = composeReceiptEmail(
        { ...facts, signature: { ...facts.signature, ...(image ? { image } : {}) } },
        {
          training: options.training,
          printedAt: new Date(options.now()),
          ...(options.currency ? { currency: options.currency } : {}),
        },
      );
      try {
        await transport.sendMail({
          from: settings.from!,
          to: mail.address,
          subject: email.subject,
          text: email.text,
          html: email.html,
          attachments: email.attachments.map((attachment) => ({ ...attachment })),
        });
        return { sent: true };
      } catch (error) {
        return mailVerdict(error, attempts, settings);
      }
    },
    close: () => transport.close(),
  };
}
