import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './components/App';
import { connectPos } from './pos/connect';
import { createPosStore, syncPosStore } from './store/pos-store';
import { PosStoreContext } from './store/use-pos';
import './styles.css';

const connection = connectPos(window);
const store = createPosStore(connection.pos);
store.getState().setConnectionHint(connection.hint);
syncPosStore(store, connection.pos, connection.onConnectionChange);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <PosStoreContext.Provider value={store}>
      <App />
    </PosStoreContext.Provider>
  </StrictMode>,
);
