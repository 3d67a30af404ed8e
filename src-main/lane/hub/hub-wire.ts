import { z } from 'zod';
import type { OutboundSender } from '../../platform/http/outbound';
import type { OutboxEvent } from '../journal/hub-outbox';

/** Where this lane's hub is and how it proves who it is: the key is `hub.key` in the secret store. */
export interface HubAddress {
  readonly url: string;
  readonly laneId: string;
  readonly key: string;
}

/** What a post of events came to, in the contract's words (docs/hub-wire.md, "The wire"). */
export type PostOutcome =
  /** `settingsVersion`: the store's newest settings push, when the hub names one. */
  | { readonly kind: 'acknowledged'; readonly acknowledgedSeq: number; readonly settingsVersion?: number }
  /** The hub holds up to `acknowledgedSeq`; the lane resends from the one after it. */
  | { readonly kind: 'gap'; readonly acknowledgedSeq: number }
  | { readonly kind: 'journal-replaced' }
  /** 401 or 403: the key is wrong, or is another lane's. */
  | { readonly kind: 'key-refused'; readonly status: number }
  /** Another 4xx: the hub says what it refused. */
  | { readonly kind: 'refused'; readonly reason: string }
  /** No answer, or a 5xx: try again later. */
  | { readonly kind: 'unreachable'; readonly problem: string };

export type SettingsOutcome =
  | { readonly kind: 'none' }
  | { readonly kind: 'push'; readonly version: number; readonly document: unknown }
  | Extract<PostOutcome, { kind: 'key-refused' | 'refused' | 'unreachable' }>;

const acknowledged = z.object({
  acknowledgedSeq: z.number().int().nonnegative(),
  settingsVersion: z.number().int().positive().nullish(),
});
const problem = z.object({ error: z.string(), message: z.string().optional(), acknowledgedSeq: z.number().optional() });
const pushed = z.object({ version: z.number().int().positive(), document: z.unknown() });

/** The answer as JSON, or undefined when it is not JSON. */
function json(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function endpoint(address: HubAddress, what: 'events' | 'settings'): URL {
  return new URL(`${address.url.replace(/\/+$/, '')}/api/lanes/${encodeURIComponent(address.laneId)}/${what}`);
}

const timeoutMs = 15_000;

/** The status of a failed call in the contract's terms (shared by both calls). */
function failed(
  status: number,
  text: string,
): Extract<PostOutcome, { kind: 'key-refused' | 'refused' | 'unreachable' }> {
  if (status === 401 || status === 403) return { kind: 'key-refused', status };
  const said = problem.safeParse(json(text));
  const reason = said.success ? (said.data.message ?? said.data.error) : `HTTP ${status}`;
  return status >= 500 ? { kind: 'unreachable', problem: `HTTP ${status}: ${reason}` } : { kind: 'refused', reason };
}

/** Sends one batch (empty: a heartbeat) through the lane's one outbound sender. Never throws for the network. */
export async function postEvents(
  sender: OutboundSender,
  address: HubAddress,
  batch: { readonly journalId: string; readonly events: readonly OutboxEvent[]; readonly signal?: AbortSignal },
): Promise<PostOutcome> {
  const { journalId, events, signal } = batch;
  const result = await sender.send({
    operation: 'hub.events',
    method: 'POST',
    url: endpoint(address, 'events'),
    headers: { authorization: `Bearer ${address.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ journalId, events }),
    timeoutMs,
    ...(signal ? { signal } : {}),
  });
  if (result.outcome !== 'answered') return { kind: 'unreachable', problem: result.problem };
  if (result.status === 200) {
    const answer = acknowledged.safeParse(json(result.text));
    return answer.success
      ? {
          kind: 'acknowledged',
          acknowledgedSeq: answer.data.acknowledgedSeq,
          ...(answer.data.settingsVersion ? { settingsVersion: answer.data.settingsVersion } : {}),
        }
      : { kind: 'unreachable', problem: 'the hub answered 200 without acknowledgedSeq' };
  }
  if (result.status === 409) {
    const said = problem.safeParse(json(result.text));
    if (said.success && said.data.error === 'journal-replaced') return { kind: 'journal-replaced' };
    if (said.success && said.data.error === 'gap' && said.data.acknowledgedSeq !== undefined)
      return { kind: 'gap', acknowledgedSeq: said.data.acknowledgedSeq };
  }
  return failed(result.status, result.text);
}

/** Asks the hub for the store's latest settings push. */
export async function fetchSettings(sender: OutboundSender, address: HubAddress): Promise<SettingsOutcome> {
  const result = await sender.send({
    operation: 'hub.settings',
    method: 'GET',
    url: endpoint(address, 'settings'),
    headers: { authorization: `Bearer ${address.key}` },
    timeoutMs,
  });
  if (result.outcome !== 'answered') return { kind: 'unreachable', problem: result.problem };
  if (result.status === 204) return { kind: 'none' };
  if (result.status === 200) {
    const answer = pushed.safeParse(json(result.text));
    return answer.success
      ? { kind: 'push', version: answer.data.version, document: answer.data.document }
      : { kind: 'unreachable', problem: 'the hub\u2019s settings answer has no version' };
  }
  return failed(result.status, result.text);
}
