import type { Clock } from '../../platform/clock';
import type { Logger } from '../../platform/log/logger';
import type { GatewayLink, LinkState } from './link-state';

export type { GatewayLink, LinkState } from './link-state';

/**
 * What one health probe learned. `answered`: the gateway said anything at all. `never-left`:
 * the probe provably never reached it (refused, DNS, TLS never began). `lost`: it left and no
 * whole answer came back in time, which proves nothing either way.
 */
export type ProbeResult =
  { readonly outcome: 'answered' } | { readonly outcome: 'never-left' | 'lost'; readonly reason: string };

export type GatewayProbe = () => Promise<ProbeResult>;

export interface GatewayLinkOptions {
  readonly probe: GatewayProbe;
  readonly clock: Clock;
  readonly logger?: Logger;
  /** While offline, the wait between one probe's end and the next (default 2 s). */
  readonly probeEveryMs?: number;
}

/** While offline, how often the gateway's REST root is asked whether it is back. */
export const probeEveryMs = 2_000;
/** Never-left failures in a row that make the link offline without waiting for a probe. */
export const neverLeftInARow = 2;

/**
 * The lane's view of whether the gateway can be reached at all: a circuit breaker fed by the
 * gateway client and a health probe on the injected clock (docs/adr/075-the-gateway-link-breaker.md).
 *
 * - Online, a never-left failure starts a probe: a probe that never leaves either makes the link
 *   offline; a second never-left failure in a row does so at once; any answer resets the count.
 * - Offline, the probe runs every `probeEveryMs`; the first probe answered (or any answer the
 *   client reports) makes it online.
 * - A request that left and whose answer was slow or lost never counts: the gateway may have
 *   it, so that request stays on the lost-answer recovery path, and the link stays as it was.
 */
export function createGatewayLink(options: GatewayLinkOptions): GatewayLink {
  const { probe, clock, logger } = options;
  const every = options.probeEveryMs ?? probeEveryMs;
  const listeners = new Set<(state: LinkState, reason: string) => void>();
  let current: LinkState = 'online';
  let neverLeft = 0;
  /** Answers the client reported: a probe that never left is stale if one came while it ran. */
  let answers = 0;
  let probing = false;
  let closed = false;
  let cancelNext: (() => void) | undefined;

  const become = (next: LinkState, reason: string) => {
    if (closed || next === current) return;
    current = next;
    logger?.warn({ link: next, reason }, next === 'offline' ? 'the gateway cannot be reached' : 'the gateway is back');
    if (next === 'offline') scheduleProbe();
    else {
      cancelNext?.();
      cancelNext = undefined;
    }
    for (const listener of listeners) {
      try {
        listener(next, reason);
      } catch (error) {
        logger?.error({ err: error }, 'a link listener failed');
      }
    }
  };

  const scheduleProbe = () => {
    if (closed || cancelNext || probing) return;
    cancelNext = clock.setTimer(
      () => {
        cancelNext = undefined;
        runProbe();
      },
      every,
      { unref: true },
    );
  };

  const runProbe = () => {
    if (closed || probing) return;
    probing = true;
    const answersBefore = answers;
    void probe()
      .catch((error: unknown): ProbeResult => ({ outcome: 'lost', reason: `the probe failed: ${String(error)}` }))
      .then((result) => {
        probing = false;
        if (closed) return;
        if (result.outcome === 'answered') {
          neverLeft = 0;
          become('online', 'the gateway answered the health probe');
        } else if (result.outcome === 'never-left' && current === 'online' && answers === answersBefore) {
          become('offline', `the health probe never reached the gateway: ${result.reason}`);
        }
        if (current === 'offline') scheduleProbe();
      });
  };

  return {
    state: () => current,
    noteNeverLeft(reason) {
      if (closed || current === 'offline') return;
      neverLeft += 1;
      if (neverLeft >= neverLeftInARow) become('offline', `${neverLeft} requests in a row never left: ${reason}`);
      else runProbe();
    },
    noteAnswered() {
      if (closed) return;
      neverLeft = 0;
      answers += 1;
      become('online', 'the gateway answered');
    },
    onChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    close() {
      closed = true;
      cancelNext?.();
      cancelNext = undefined;
      listeners.clear();
    },
  };
}
