import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './components/App';
import { preloadScreens } from './components/deferred-screens';
import { connectPos } from './pos/connect';
import { needsWedgeRouting, routeKeysThroughReader } from './pos/reader-wedge';
import { createPosStore, syncPosStore } from './store/pos-store';
import { PosStoreContext } from './store/use-pos';
import './styles.css';
import './counter.css';

const connection = connectPos(window);
const store = createPosStore(connection.pos);
store.getState().setConnectionHint(connection.hint);
syncPosStore(store, connection.pos, connection.onConnectionChange);

// A keyboard-mode card reader (or a kiosk's barcode scanner) types into this page's keyboard in
// browser mode: its keys go through the main process's wedge first, so card data never lands in
// a field and a scan goes straight to the basket.
let stopRouting: (() => void) | undefined;
store.subscribe((state) => {
  const wanted = needsWedgeRouting(state.info?.shell, state.devices, state.info?.mode);
  if (wanted && !stopRouting) stopRouting = routeKeysThroughReader(window, connection.pos);
  if (!wanted && stopRouting) {
    stopRouting();
    stopRouting = undefined;
  }
});

// The screens after the first one come in their own chunks (ADR 064): fetched once the first
// screen is up and the page is idle, so signing in never waits for the sale screen's code.
const stopPreloading = store.subscribe((state) => {
  if (!state.info || !state.staffKnown) return;
  stopPreloading();
  const { mode } = state.info;
  const preload = () => void preloadScreens(mode).catch(() => undefined);
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(preload, { timeout: 1000 });
  else setTimeout(preload, 0);
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <PosStoreContext.Provider value={store}>
      <App />
    </PosStoreContext.Provider>
  </StrictMode>,
);
