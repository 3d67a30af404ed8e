import type { Clock } from '../../platform/clock';
import { createOutboundSender, type OutboundResult } from '../../platform/http/outbound';
import type { TerminalEmulatorConfig } from './config';

/**
 * The terminal service's own calls to the gateway over HTTP (developer-guides.md, "Getting a
 * Token and Running a Payment": tokenization by the tokenizer, the authorization by the gateway's
 * REST auth endpoint; "No Response Returned": inquireByOrderid, then up to three voidByOrderId).
 * Field names are the gateway reference's (gateway-openapi.yaml authRequest; FACTS.md).
 */
export type GatewayCall =
  | { readonly kind: 'answered'; readonly body: Record<string, unknown> }
  /** The gateway answered, but not with a JSON object (a 400 or 401 text). */
  | { readonly kind: 'refused'; readonly status: number; readonly text: string }
  /** No answer came: the request may or may not have been processed. */
  | { readonly kind: 'no-answer'; readonly sent: boolean };

export interface GatewayLink {
  /** A token for a card number from the tokenizer; undefined when it refuses or does not answer. */
  tokenize(account: string): Promise<string | undefined>;
  auth(request: Record<string, string | unknown>): Promise<GatewayCall>;
  inquireByOrderid(orderid: string, merchid: string): Promise<GatewayCall>;
  voidByOrderId(orderid: string, merchid: string): Promise<GatewayCall>;
}

function read(result: OutboundResult): GatewayCall {
  if (result.outcome !== 'answered') return { kind: 'no-answer', sent: result.requestSent };
  try {
    const body: unknown = JSON.parse(result.text);
    if (body !== null && typeof body === 'object')
      return { kind: 'answered', body: (Array.isArray(body) ? (body[0] ?? {}) : body) as Record<string, unknown> };
  } catch {
    // Not JSON: a refusal in words.
  }
  return { kind: 'refused', status: result.status, text: result.text.slice(0, 200) };
}

export function createGatewayLink(
  gateway: TerminalEmulatorConfig['gateway'],
  clock: Clock,
  timeoutMs: number,
): GatewayLink {
  const sender = createOutboundSender({ clock });
  const rest = gateway.restUrl.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${gateway.username}:${gateway.password}`).toString('base64')}`;
  const json = { 'Content-Type': 'application/json', Authorization: authorization };
  const call = async (operation: string, method: 'GET' | 'PUT' | 'POST', path: string, body?: unknown) =>
    read(
      await sender.send({
        operation,
        method,
        url: new URL(`${rest}/${path}`),
        headers: json,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        timeoutMs,
      }),
    );
  return {
    async tokenize(account) {
      const result = await sender.send({
        operation: 'tokenize',
        method: 'POST',
        url: new URL(gateway.tokenizeUrl),
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ account }),
        timeoutMs,
      });
      const answer = read(result);
      if (answer.kind !== 'answered') return undefined;
      const token = answer.body.token;
      return typeof token === 'string' && token !== '' ? token : undefined;
    },
    auth: (request) => call('auth', 'PUT', 'auth', request),
    inquireByOrderid: (orderid, merchid) =>
      call('inquireByOrderid', 'GET', `inquireByOrderid/${encodeURIComponent(orderid)}/${encodeURIComponent(merchid)}`),
    voidByOrderId: (orderid, merchid) => call('voidByOrderId', 'PUT', 'voidByOrderId', { orderid, merchid }),
  };
}
