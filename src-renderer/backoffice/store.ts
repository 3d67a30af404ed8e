import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ConnectionStatus } from '../store/connection-slice';
import { PosCallError } from '../pos/call-error';
import type {
  ApplicationStatusChange,
  BackOfficeCommandArgs,
  BackOfficeCommandName,
  BackOfficeCommandResult,
  BackofficeStatus,
  BackOfficeTransport,
} from './api-types';

export const backOfficeScreens = [
  'applications',
  'new-application',
  'equipment',
  'plans',
  'credentials',
  'hub',
] as const;
export type BackOfficeScreen = (typeof backOfficeScreens)[number] | 'application';

/** What the screens know of the application's statuses from the `application.status` event. */
export interface LiveStatus {
  readonly current: ApplicationStatusChange['application'];
  /** Each boarding status and when the event first told it. */
  readonly reachedAt: Readonly<Record<string, string>>;
}

export interface BackOfficeState {
  connection: ConnectionStatus;
  hint: string | null;
  status: BackofficeStatus | null;
  screen: BackOfficeScreen;
  /** The application open on the detail screen. */
  merchantId: string | null;
  live: Readonly<Record<string, LiveStatus>>;
  /** The hub store the "Store hub" screens show. */
  hubStoreId: string;
  setHubStoreId(storeId: string): void;
  go(screen: BackOfficeScreen): void;
  openApplication(merchantId: string): void;
  loadStatus(): Promise<void>;
  /** Calls a back office command and returns its result; a refusal throws a `PosCallError` with the main side's reason. */
  run<N extends BackOfficeCommandName>(name: N, args: BackOfficeCommandArgs<N>): Promise<BackOfficeCommandResult<N>>;
}
export type BackOfficeStore = StoreApi<BackOfficeState>;

/** The back office's one store: where the person is, the host's status, and what the status event said. */
export function createBackOfficeStore(api: BackOfficeTransport): BackOfficeStore {
  return createStore<BackOfficeState>()((set, get) => ({
    connection: 'connecting',
    hint: null,
    status: null,
    screen: 'applications',
    merchantId: null,
    live: {},
    hubStoreId: '',
    setHubStoreId: (hubStoreId) => set({ hubStoreId }),
    go: (screen) => set({ screen }),
    openApplication: (merchantId) => set({ screen: 'application', merchantId }),
    async loadStatus() {
      try {
        set({ status: await get().run('backoffice.status', {}) });
      } catch {
        // The status bar says the host is not reachable; the screens say why their calls failed.
      }
    },
    async run(name, args) {
      const reply = await api.call(name, args);
      if (reply.ok) return reply.result;
      throw new PosCallError(reply.error);
    },
  }));
}

/** Records an `application.status` event: the current statuses, and when each boarding status was first seen. */
export function applyStatusEvent(store: BackOfficeStore, change: ApplicationStatusChange): void {
  const before = store.getState().live[change.merchantId];
  const reachedAt = { ...before?.reachedAt };
  reachedAt[change.entry.status] ??= new Date(change.entry.at).toLocaleString();
  store.setState({
    live: { ...store.getState().live, [change.merchantId]: { current: change.application, reachedAt } },
  });
}

/** Keeps the store in step with the host: the connection, the status on every (re)connect, the status events. */
export function syncBackOfficeStore(
  store: BackOfficeStore,
  api: BackOfficeTransport,
  onConnectionChange: (listener: (status: ConnectionStatus) => void) => () => void,
): () => void {
  const controller = new AbortController();
  api.onEvent('application.status', (event) => applyStatusEvent(store, event), { signal: controller.signal });
  const stop = onConnectionChange((connection) => {
    store.setState({ connection });
    if (connection === 'open') void store.getState().loadStatus();
  });
  return () => {
    controller.abort();
    stop();
  };
}

export const BackOfficeContext = createContext<BackOfficeStore | null>(null);

/** Selects from the back office store; pair with `useShallow` when selecting several fields. */
export function useBackOffice<T>(selector: (state: BackOfficeState) => T): T {
  const store = useContext(BackOfficeContext);
  if (!store) throw new Error('useBackOffice must be used inside <BackOfficeContext.Provider>');
  return useStore(store, selector);
}

/** The words of a refusal to show: the main side's reason, or what broke. */
export function refusalText(error: unknown): string {
  if (error instanceof PosCallError) return error.message;
  return error instanceof Error ? error.message : String(error);
}
