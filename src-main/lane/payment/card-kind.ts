import type { BinInformation } from '../gateway/bin';
import type { GatewayClient } from '../gateway/client';
import { GatewayError } from '../gateway/errors';
import type { Logger } from '../../platform/log/logger';

/** What the BIN service says a card draws on; `unknown` when it could not say or was not reached. */
export type CardKind = 'credit' | 'debit' | 'prepaid' | 'unknown';

/** The card's kind as the surcharge confirmation shows it, with the issuer's country when given. */
export interface CardKindLookup {
  readonly kind: CardKind;
  readonly country?: string;
  /** True when the lookup failed (no answer, an error, no information): the surcharge answer stands alone. */
  readonly failed: boolean;
  readonly words: string;
}

const kindWords: Record<Exclude<CardKind, 'unknown'>, string> = {
  credit: 'Credit card',
  debit: 'Debit card',
  prepaid: 'Prepaid card',
};

/**
 * The kind a BIN answer gives: prepaid by its flag (prepaid cards are debit to the networks, so
 * it is read first); otherwise debit or credit by the card use or subtype words ("Visa Debit",
 * "Consumer Credit"); `unknown` when neither says.
 */
export function cardKindOf(info: Extract<BinInformation, { found: true }>): CardKind {
  if (info.prepaid === true || /prepaid/i.test(info.subtype ?? '')) return 'prepaid';
  const words = `${info.cardusestring ?? ''} ${info.subtype ?? ''}`;
  if (/debit/i.test(words)) return 'debit';
  if (/credit/i.test(words)) return 'credit';
  return 'unknown';
}

/**
 * Looks the card's token up in the gateway's BIN service before the surcharge question. Never
 * throws for the gateway's sake: a lookup that fails is said in words and the sale goes on with
 * what the surcharge answer says (US rules forbid surcharging debit and prepaid cards; a card the
 * lane cannot tell is left to the gateway's answer).
 */
export async function lookUpCardKind(
  lane: {
    readonly client: Pick<GatewayClient, 'bin'>;
    readonly merchid: string;
    readonly logger?: Pick<Logger, 'warn'>;
  },
  token: string,
): Promise<CardKindLookup> {
  const failed = (why: string): CardKindLookup => ({
    kind: 'unknown',
    failed: true,
    words: `The card\u2019s type could not be looked up (${why}): the surcharge follows the gateway\u2019s answer.`,
  });
  let info: BinInformation;
  try {
    info = await lane.client.bin({ merchid: lane.merchid, token });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    lane.logger?.warn({ code: error.code, status: error.status }, 'BIN lookup not answered');
    return failed('the gateway did not answer');
  }
  if (!info.found) return failed(info.message.replace(/\.$/, ''));
  const kind = cardKindOf(info);
  const country = info.country?.trim() || undefined;
  const issued = country ? `, issued in ${country}` : '';
  return {
    kind,
    ...(country ? { country } : {}),
    failed: false,
    words:
      kind === 'unknown'
        ? `The BIN service does not say the card\u2019s type${issued}.`
        : `${kindWords[kind]}${issued}.`,
  };
}
