import type { Clock } from '../../platform/clock';
import { createOutboundSender, type OutboundResult } from '../../platform/http/outbound';
import { redactText } from '../../platform/log/redact';
import { formatMinorUnits } from '../../platform/money';
import type { ReceiptSmsSettings } from '../config/receipt-sms-settings';
import type { ReceiptFacts, ReceiptKind } from '../receipt/model';
import type { ChannelPass, Delivery } from './mail-channel';
import type { MailRetryPolicy } from './retry';

const done: Record<ReceiptKind, string> = {
  sale: 'paid',
  partial: 'approved (partial)',
  authorization: 'authorized',
  refund: 'refunded',
  void: 'voided',
  decline: 'declined',
  offline: 'stored offline, to be sent when the network is back',
};

/**
 * The text receipt: who, the total, the card's brand and last four, the approval code, the order
 * id and (when the store sets one) its link. One SMS segment for a plain sale; never a full card
 * number (the facts hold none).
 */
export function composeReceiptText(
  facts: ReceiptFacts,
  options: { readonly training: boolean; readonly link: string | null; readonly currency?: string | undefined },
): string {
  const store = facts.merchant?.dba?.trim() || 'Your receipt';
  const total = formatMinorUnits(facts.amountMinor, options.currency ? { symbol: options.currency } : {});
  const approval = facts.gateway.authcode ? `, approval ${facts.gateway.authcode}` : '';
  const order = facts.gateway.orderId ?? '';
  const link = options.link ? ` ${options.link.replaceAll('{orderId}', encodeURIComponent(order))}` : '';
  return (
    `${options.training ? 'TRAINING ' : ''}${store}: ${total} ${done[facts.kind]}, ` +
    `${facts.card.brand} ****${facts.card.lastFour}${approval}. Order ${order}.${link}`
  );
}

/** The gateway's words, without any phone number or address it quotes back. */
const gatewayWords = (text: string) => redactText(text.replace(/\s+/g, ' ').trim().slice(0, 200)) || 'no reason given';

/**
 * After attempt `attempts` failed: a 5xx, 408 or 429 answer, no connection or no whole answer is
 * tried again (doubling waits, up to `maxAttempts`); any other answer is the gateway's final no
 * (a bad token, a number it will not text), stated in words. A text whose answer was lost may
 * arrive twice; a receipt, unlike a payment, may.
 */
export function smsVerdict(result: OutboundResult, attempts: number, policy: MailRetryPolicy): Delivery {
  if (result.outcome === 'answered' && result.status >= 200 && result.status < 300) return { sent: true };
  if (result.outcome === 'answered' && result.status < 500 && result.status !== 408 && result.status !== 429)
    return {
      retry: false,
      reason: `The SMS gateway refused the text (${result.status}): ${gatewayWords(result.text)}`,
    };
  const problem =
    result.outcome === 'answered'
      ? `The SMS gateway said to try later (${result.status}): ${gatewayWords(result.text)}`
      : `The SMS gateway could not be reached (${result.code ?? result.outcome}): ${gatewayWords(result.problem)}`;
  if (attempts >= policy.maxAttempts) return { retry: false, reason: `Not sent after ${attempts} tries. ${problem}` };
  return { retry: true, waitMs: Math.min(policy.maxRetryMs, policy.firstRetryMs * 2 ** (attempts - 1)), problem };
}

export interface SmsChannelOptions {
  readonly settings: ReceiptSmsSettings;
  /** The `sms.token` secret: the gateway's Bearer token. */
  readonly token: () => Promise<string | undefined>;
  readonly clock: Clock;
  readonly training: boolean;
  readonly currency?: string | undefined;
}

/** The SMS channel (ADR 070): one JSON POST per text to the store's gateway, through the one outbound sender. */
export async function openSmsPass(options: SmsChannelOptions): Promise<ChannelPass | undefined> {
  const { settings } = options;
  if (settings.url === null) return undefined;
  const url = new URL(settings.url);
  const token = await options.token();
  const sender = createOutboundSender({ clock: options.clock });
  return {
    async send(row, facts, attempts) {
      const text = composeReceiptText(facts, {
        training: options.training,
        link: settings.link,
        currency: options.currency,
      });
      const result = await sender.send({
        operation: 'receipt.sms',
        method: 'POST',
        url,
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ to: row.address, ...(settings.from ? { from: settings.from } : {}), text }),
        timeoutMs: settings.timeoutMs,
      });
      return smsVerdict(result, attempts, settings);
    },
    close: () => undefined,
  };
}
