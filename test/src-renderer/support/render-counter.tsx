import { act, fireEvent, render, type RenderResult } from '@testing-library/react';
import type { AppInfo, CommandName, JournalEntryView, StaffSession } from '../../../src-main/lane/ipc/contract';
import { App } from '../../../src-renderer/components/App';
import { preloadScreens } from '../../../src-renderer/components/deferred-screens';
import { createPosStore, syncPosStore, type PosStore } from '../../../src-renderer/store/pos-store';
import { PosStoreContext } from '../../../src-renderer/store/use-pos';
import { stubPos, type StubAnswer } from './stub-pos';

export const trainingCounter: AppInfo = {
  name: 'Lanepoint',
  version: '1.2.3',
  mode: 'counter',
  training: true,
  terminalId: 'LANE-07',
  shell: 'browser',
};
export const trainee: StaffSession = { cashierId: '1001', name: 'Trainee', role: 'cashier', since: 0 };

/**
 * The stubbed `window.pos` with its record of calls, the store over it, the rendered app, and
 * `announce` to say the connection to the terminal opened, closed or is connecting.
 */
export type RenderedCounter = ReturnType<typeof stubPos> & {
  store: PosStore;
  view: RenderResult;
  announce: (status: 'connecting' | 'open' | 'closed') => void;
};

/** The whole app over a stubbed `window.pos`, connected, with whoever `session` says signed in. */
export async function renderCounter(
  data: Omit<Parameters<typeof stubPos>[0], 'info'> & { info?: AppInfo } = {},
): Promise<RenderedCounter> {
  const stub = stubPos({ info: trainingCounter, session: trainee, ...data });
  // The app fetches its later screens once the first is up; here they are all there from the start.
  await Promise.all([preloadScreens('counter'), preloadScreens('kiosk')]);
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
  return { ...stub, store, view, announce: (status) => announce(status) };
}

/** Presses keys where a real keyboard sends them: to whatever has focus, bubbling to the window. */
export async function pressKeys(...pressed: string[]): Promise<void> {
  for (const key of pressed) await act(async () => void fireEvent.keyDown(document.activeElement ?? window, { key }));
}

/** The app on History (Alt+2), its journal listing `rows` unless `answers` says otherwise. */
export async function renderHistory(
  rows: JournalEntryView[],
  answers: Partial<Record<CommandName, StubAnswer>> = {},
): Promise<RenderedCounter> {
  const rendered = await renderCounter({ answers: { 'terminal.history': () => rows, ...answers } });
  await act(async () => void fireEvent.keyDown(window, { key: '2', altKey: true }));
  return rendered;
}
