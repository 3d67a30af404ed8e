import { act, render } from '@testing-library/react';
import type { AppInfo, StaffSession } from '../../../src-main/ipc/contract';
import { App } from '../../../src-renderer/components/App';
import { createPosStore, syncPosStore } from '../../../src-renderer/store/pos-store';
import { PosStoreContext } from '../../../src-renderer/store/use-pos';
import { stubPos } from './stub-pos';

export const trainingCounter: AppInfo = { name: 'Lanepoint', version: '1.2.3', mode: 'counter', training: true, terminalId: 'LANE-07', shell: 'browser' };
export const trainee: StaffSession = { cashierId: '1001', name: 'Trainee', role: 'cashier', since: 0 };

/** The whole app over a stubbed `window.pos`, connected, with whoever `session` says signed in. */
export async function renderCounter(data: Omit<Parameters<typeof stubPos>[0], 'info'> & { info?: AppInfo } = {}) {
  const stub = stubPos({ info: trainingCounter, session: trainee, ...data });
  const store = createPosStore(stub.pos);
  let announce: (status: 'connecting' | 'open' | 'closed') => void = () => undefined;
  syncPosStore(store, stub.pos, (listener) => {
    announce = listener;
    return () => undefined;
  });
  const view = render(
    <PosStoreContext.Provider value={store}>
      <App />
    </PosStoreContext.Provider>,
  );
  await act(async () => announce('open'));
  return { ...stub, store, view };
}
