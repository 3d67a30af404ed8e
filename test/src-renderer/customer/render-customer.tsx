import { act, render } from '@testing-library/react';
import type { AppInfo, CommandName, CustomerOrder, CustomerView } from '../../../src-main/lane/ipc/contract';
import { ConnectedCustomerDisplay } from '../../../src-renderer/customer/ConnectedCustomerDisplay';
import type { ConnectionStatus } from '../../../src-renderer/store/connection-slice';
import { noCustomerDisplay, stubPos, type StubAnswer } from '../support/stub-pos';

const counterLane: AppInfo = {
  name: 'Lanepoint',
  version: '1.2.3',
  mode: 'counter',
  training: false,
  terminalId: 'LANE-07',
  shell: 'browser',
};

/** A customer display's view of a lane with one display connected; `change` sets the rest. */
export function customerView(change: Partial<CustomerView> = {}): CustomerView {
  return {
    ...noCustomerDisplay,
    seq: 1,
    store: { name: 'Corner Market', message: 'Fresh bread every morning' },
    displays: 1,
    ...change,
  };
}

/** Two loaves and a coffee: $12.00 before tax, $0.72 tax. */
export const twoLinesOrder: CustomerOrder = {
  lines: [
    { description: 'Sourdough loaf', quantity: 2, unitMinor: 450, taxMinor: 72 },
    { description: 'Coffee', quantity: 1, unitMinor: 300 },
  ],
  subtotalMinor: 1200,
  taxMinor: 72,
  tipMinor: 0,
  totalMinor: 1272,
};

/**
 * The connected customer display over a stubbed `window.pos` whose `customerDisplay.view` answers
 * `view` (or what `answers` says), and a connection the test opens and closes as a bridge would.
 * The connection is opened before it returns unless `open` is false.
 */
export async function renderCustomer(
  view: CustomerView,
  options: { answers?: Partial<Record<CommandName, StubAnswer>>; open?: boolean; logo?: string | null } = {},
) {
  const stub = stubPos({
    info: counterLane,
    answers: {
      'customerDisplay.view': () => view,
      'customerDisplay.brand': () => ({ logo: options.logo ?? null }),
      ...options.answers,
    },
  });
  const listeners = new Set<(status: ConnectionStatus) => void>();
  const onConnectionChange = (listener: (status: ConnectionStatus) => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  const setStatus = async (status: ConnectionStatus) =>
    act(async () => {
      for (const listener of [...listeners]) listener(status);
    });
  const rendered = render(<ConnectedCustomerDisplay pos={stub.pos} onConnectionChange={onConnectionChange} />);
  if (options.open !== false) await setStatus('open');
  const emitView = async (next: CustomerView) => act(async () => stub.emit('customerDisplay.view', next));
  /** The arguments of every call of `name`, in order. */
  const argsOf = (name: CommandName) => stub.calls.filter(([called]) => called === name).map(([, args]) => args);
  const shownSeq = () => Number(rendered.container.querySelector('.customer')?.getAttribute('data-seq'));
  return { ...stub, rendered, setStatus, emitView, argsOf, shownSeq };
}
