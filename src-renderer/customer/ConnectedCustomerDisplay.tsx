import { useCallback, useEffect, useRef, useState } from 'react';
import type { CustomerView, PosApi, SignatureStrokesInput } from '../../src-main/lane/ipc/contract';
import type { ConnectionStatus } from '../store/connection-slice';
import { Alert } from '../components/Alert';
import { CustomerDisplay, type CustomerDisplayAnswer, type Refusal } from './CustomerDisplay';

/**
 * The customer display connected to the lane: reads the view when the connection opens (and on
 * every reconnect, so a lane restart shows its true state), keeps the newest view by `seq` as
 * events and replies cross, and sends the customer's answers and signature.
 */
export function ConnectedCustomerDisplay(props: {
  readonly pos: PosApi;
  readonly onConnectionChange: (listener: (status: ConnectionStatus) => void) => () => void;
  readonly hint?: string | null;
}) {
  const { pos, onConnectionChange, hint = null } = props;
  const [view, setView] = useState<CustomerView | null>(null);
  const [logo, setLogo] = useState<string | null>(null);
  const [connected, setConnected] = useState(false);
  const [cleared, setCleared] = useState(0);
  const held = useRef<{ view: CustomerView | null; fresh: boolean }>({ view: null, fresh: true });

  /**
   * The first view after a (re)connect replaces whatever was held (a restarted lane counts `seq`
   * from the start again); after that a view older than the one held never replaces it.
   */
  const keep = useCallback((next: CustomerView) => {
    // A view from the lane is proof of the connection, whenever the page began to listen for its status.
    setConnected(true);
    const current = held.current;
    if (!current.fresh && current.view && next.seq <= current.view.seq) return;
    held.current = { view: next, fresh: false };
    setView(next);
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    pos.onEvent('customerDisplay.view', keep, { signal: controller.signal });
    pos.onEvent('signature.cleared', () => setCleared((count) => count + 1), { signal: controller.signal });
    const load = async () => {
      held.current = { ...held.current, fresh: true };
      const [reply, brand] = await Promise.all([pos.call('customerDisplay.view'), pos.call('customerDisplay.brand')]);
      if (controller.signal.aborted) return;
      if (reply.ok) keep(reply.result);
      if (brand.ok) setLogo(brand.result.logo);
    };
    const stop = onConnectionChange((status) => {
      setConnected(status === 'open');
      if (status === 'open') void load();
    });
    return () => {
      controller.abort();
      stop();
    };
  }, [pos, onConnectionChange, keep]);

  const answer = useCallback(
    async (given: CustomerDisplayAnswer): Promise<Refusal> => {
      const reply = await pos.call('customerDisplay.answer', given);
      if (!reply.ok) return reply.error.message;
      keep(reply.result);
      return null;
    },
    [pos, keep],
  );
  const submitSignature = useCallback(
    async (signature: SignatureStrokesInput): Promise<Refusal> => {
      const reply = await pos.call('signature.submit', { signature });
      return reply.ok ? null : reply.error.message;
    },
    [pos],
  );
  const clearSignature = useCallback(async () => {
    await pos.call('signature.clear');
  }, [pos]);

  if (hint && !view) {
    return (
      <div className="customer customer-waiting" lang="en">
        <main className="customer-step">
          <Alert className="customer-problem" message={hint} />
        </main>
      </div>
    );
  }
  return (
    <CustomerDisplay
      view={view}
      logo={logo}
      answer={answer}
      submitSignature={submitSignature}
      clearSignature={clearSignature}
      signatureCleared={cleared}
      connected={connected}
    />
  );
}
