import { createStore, type StoreApi } from 'zustand/vanilla';
import type { PosApi } from '../../src-main/lane/ipc/contract';
import type { PosState } from './pos-state';
import { createConnectionSlice, type ConnectionStatus } from './connection-slice';
import { createDevicesSlice } from './devices-slice';
import { createSessionSlice } from './session-slice';
import { createSignatureSlice } from './signature-slice';
import { createTerminalSlice } from './terminal-slice';
import { createStaffSlice } from './staff-slice';
import { createNavigationSlice } from './navigation-slice';
import { createSaleSlice } from './sale-slice';
import { createTrainingSlice } from './training-slice';
import { createHistorySlice } from './history-slice';
import { createCustomerSlice } from './customer-slice';
import { createEndOfDaySlice } from './end-of-day-slice';
import { createAuthorizationsSlice } from './authorizations-slice';
import { createDeviceTestsSlice } from './device-tests-slice';
import { createSettingsSlice } from './settings-slice';
import { createKioskSlice } from './kiosk-slice';
import { createDaySlice } from './day-slice';
import { createReceiptSlice } from './receipt-slice';
import { createCashSlice } from './cash-slice';
import { createOfflineSlice } from './offline-slice';
import { createHubSlice } from './hub-slice';
import { createCustomerDisplaySlice } from './customer-display-slice';
import { createOtherTendersSlice } from './other-tenders-slice';
import { createCardOnFileSlice } from './card-on-file-slice';

export type { PosState };
export type PosStore = StoreApi<PosState>;

/** One store built from typed slices; every action reaches the core through `pos` only. */
export function createPosStore(pos: PosApi): PosStore {
  return createStore<PosState>()((...a) => ({
    ...createSessionSlice(pos)(...a),
    ...createDevicesSlice(pos)(...a),
    ...createTerminalSlice(pos)(...a),
    ...createSignatureSlice(pos)(...a),
    ...createConnectionSlice(...a),
    ...createStaffSlice(pos)(...a),
    ...createNavigationSlice(...a),
    ...createSaleSlice(pos)(...a),
    ...createTrainingSlice(pos)(...a),
    ...createHistorySlice(pos)(...a),
    ...createCustomerSlice(pos)(...a),
    ...createEndOfDaySlice(pos)(...a),
    ...createAuthorizationsSlice(pos)(...a),
    ...createDeviceTestsSlice(pos)(...a),
    ...createSettingsSlice(pos)(...a),
    ...createKioskSlice(pos)(...a),
    ...createDaySlice(pos)(...a),
    ...createReceiptSlice(pos)(...a),
    ...createCashSlice(pos)(...a),
    ...createOfflineSlice(pos)(...a),
    ...createHubSlice(pos)(...a),
    ...createCustomerDisplaySlice(pos)(...a),
    ...createOtherTendersSlice(pos)(...a),
    ...createCardOnFileSlice(pos)(...a),
  }));
}

/**
 * Keeps the store in step with the main process: events update it as they come, and every
 * (re)connection reloads everything, since events sent while disconnected were missed.
 */
export function syncPosStore(
  store: PosStore,
  pos: PosApi,
  onConnectionChange: (listener: (status: ConnectionStatus) => void) => () => void,
): () => void {
  const controller = new AbortController();
  const { signal } = controller;
  pos.onEvent('devices.changed', (devices) => store.getState().setDevices(devices), { signal });
  pos.onEvent('terminal.state', (state) => store.getState().setTerminal(state), { signal });
  pos.onEvent('session.changed', (staff) => store.getState().setStaff(staff), { signal });
  pos.onEvent('terminal.keyEntry', (view) => store.getState().setKeyedEntry(view), { signal });
  pos.onEvent('terminal.outcome', (notice) => store.getState().outcomeKnown(notice), { signal });
  pos.onEvent('terminal.recoveryQueue', (queue) => store.getState().setRecoveryQueue(queue), { signal });
  pos.onEvent('journal.refusal', (refusal) => store.getState().setJournalRefusal(refusal), { signal });
  pos.onEvent('terminal.findings', (findings) => store.getState().setFindings(findings), { signal });
  pos.onEvent('signature.session', (session) => store.getState().setSignature(session), { signal });
  pos.onEvent('signature.ink', ({ stroke, points }) => store.getState().addPadInk(stroke, points), { signal });
  pos.onEvent('signature.cleared', () => store.getState().clearPadInk(), { signal });
  pos.onEvent('kiosk.state', (kiosk) => store.getState().setKiosk(kiosk), { signal });
  pos.onEvent('offline.status', (status) => store.getState().setOffline(status), { signal });
  pos.onEvent('hub.status', (status) => store.getState().setHub(status), { signal });
  pos.onEvent('training.terminalScreen', (view) => store.getState().setTrainingTerminal(view), { signal });
  pos.onEvent('customerDisplay.view', (view) => store.getState().setCustomerView(view), { signal });
  pos.onEvent('customerDisplay.answered', (answered) => store.getState().customerAnswered(answered), { signal });
  // The counter's order reaches the customer display line by line (ADR 087); a kiosk has its own basket.
  const stopOrder = store.subscribe((state, before) => {
    if (state.info?.mode !== 'counter') return;
    if (state.cart === before.cart && state.amountDigits === before.amountDigits) return;
    void pos.customerDisplay.showOrder({
      lines: state.cart,
      amountMinor: state.cart.length > 0 || state.amountDigits === '' ? null : Number(state.amountDigits),
    });
  });
  const stopConnection = onConnectionChange((status) => {
    store.getState().setConnection(status);
    if (status !== 'open') return;
    const state = store.getState();
    void Promise.all([
      // Once the lane said what it is: a kiosk's visit and catalogue, or the counter's customer
      // display (a counter reloaded mid-order takes its order back).
      state
        .loadInfo()
        .then(() =>
          store.getState().info?.mode === 'kiosk'
            ? store.getState().loadKiosk()
            : store.getState().refreshCustomerView(),
        ),
      state.refreshDevices(),
      state.refreshTerminal(),
      state.refreshRecoveryQueue(),
      state.refreshJournalRefusal(),
      state.refreshFindings(),
      state.refreshSignature(),
      state.refreshStaff(),
      state.loadSaleOptions(),
      state.refreshOffline(),
      state.refreshHub(),
    ]);
  });
  return () => {
    controller.abort();
    stopConnection();
    stopOrder();
  };
}
