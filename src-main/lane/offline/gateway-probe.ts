import type { Clock } from '../../platform/clock';
import { createOutboundSender } from '../../platform/http/outbound';
import type { GatewayProbe } from './gateway-link';

export interface GatewayProbeOptions {
  /**
   * The gateway's REST root, e.g. https://example.cardconnect.com/cardconnect/rest, or where to
   * read it at each probe (training's can change: its DNS-failure fault).
   */
  readonly baseUrl: string | (() => string | Promise<string>);
  readonly clock: Clock;
  readonly fetch?: typeof fetch;
  /** How long one probe waits for the answer (default 1.5 s): a slower one proves nothing. */
  readonly timeoutMs?: number;
}

export const probeTimeoutMs = 1_500;

/**
 * The health probe: a GET of the gateway's REST root with no credentials, through the one
 * outbound sender. The gateway answers it ("CardConnect REST Servlet") without asking who calls,
 * so no secret goes on the wire for it; any HTTP answer, whatever its status, means the gateway is
 * there. It moves no money, so a lost probe is only "we do not know".
 */
export function createGatewayProbe(options: GatewayProbeOptions): GatewayProbe {
  const { baseUrl } = options;
  const outbound = createOutboundSender({ clock: options.clock, ...(options.fetch ? { fetch: options.fetch } : {}) });
  return async () => {
    const base = typeof baseUrl === 'string' ? baseUrl : await baseUrl();
    const root = new URL(base.endsWith('/') ? base : `${base}/`);
    const result = await outbound.send({
      operation: 'health probe',
      method: 'GET',
      url: root,
      timeoutMs: options.timeoutMs ?? probeTimeoutMs,
    });
    if (result.outcome === 'answered') return { outcome: 'answered' };
    return { outcome: result.outcome === 'not-sent' ? 'never-left' : 'lost', reason: result.problem };
  };
}
