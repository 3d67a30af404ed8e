import { describe, expect, it } from 'vitest';
import { LaneError } from '../../../../src-main/lane/errors';
import { GatewayTransportError } from '../../../../src-main/lane/gateway/errors';
import { sendOrRefuse, type SaleOfflineTaking } from '../../../../src-main/lane/payment/authorize/offline-taking';
import type { SaleKeeper } from '../../../../src-main/lane/terminal/current-sale';
import type { TerminalStateStore } from '../../../../src-main/lane/terminal/state-store';
import { stoppedPayment } from '../../../../src-main/lane/terminal/stopped-payment';

/** The two parts stoppedPayment speaks to, recording what it told them. */
function lane() {
  const told = { stopped: [] as string[], entered: [] as (string | null | undefined)[] };
  const keeper = { current: () => null, stopped: (problem: string) => void told.stopped.push(problem) };
  const state = { enter: (_phase: string, detail?: string | null) => void told.entered.push(detail) };
  return { told, keeper: keeper as unknown as SaleKeeper, state: state as unknown as TerminalStateStore };
}

const caught = (run: () => never): unknown => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('stoppedPayment returned');
};

describe('a payment stopped before anything was charged', () => {
  it('a request that never left (the gateway cannot be reached) is a refusal in words, with the offline limit that refused storing it', async () => {
    const { told, keeper, state } = lane();
    const refused = 'Offline: $45.00 is over the $30.00 a payment may be while offline. Take cash or another tender.';
    const never = new GatewayTransportError('auth (POST /rest/auth): connection failed (ECONNREFUSED)', {
      requestSent: false,
    });
    const taking = { refusal: () => refused } as unknown as SaleOfflineTaking;
    const thrown = await sendOrRefuse(taking, () => Promise.reject(never)).catch((error: unknown) => error);
    const error = caught(() => stoppedPayment(thrown, { keeper, state }));
    expect(error).toBeInstanceOf(LaneError);
    expect((error as LaneError).kind).toBe('refused');
    expect((error as LaneError).message).toBe(
      'The gateway cannot be reached, so nothing was charged. Offline: $45.00 is over the $30.00 a payment may be while offline. Take cash or another tender. (For support: auth (POST /rest/auth): connection failed (ECONNREFUSED).)',
    );
    expect(told.stopped).toEqual([(error as LaneError).message]);
  });

  it('a request that never left while offline taking is off or allowed says so without a limit', () => {
    const { keeper, state } = lane();
    const never = new GatewayTransportError('auth (POST /rest/auth): DNS lookup failed (ENOTFOUND)', {
      requestSent: false,
    });
    expect((caught(() => stoppedPayment(never, { keeper, state })) as Error).message).toBe(
      'The gateway cannot be reached, so nothing was charged. Take cash or another tender, or try the card again when it is back. (For support: auth (POST /rest/auth): DNS lookup failed (ENOTFOUND).)',
    );
  });

  it('a request that left and lost its answer is never called "nothing was charged": it goes on as it is', () => {
    const { keeper, state } = lane();
    const lost = new GatewayTransportError('auth (POST /rest/auth): the connection was reset', { requestSent: true });
    expect(caught(() => stoppedPayment(lost, { keeper, state }))).toBe(lost);
  });
});
