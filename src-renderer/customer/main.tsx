import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { connectPos } from '../pos/connect';
import type { ConnectionStatus } from '../store/connection-slice';
import { ConnectedCustomerDisplay } from './ConnectedCustomerDisplay';
import './customer.css';
import './customer-page.css';

// The customer display's own page (issue 36): the connection and the one screen, nothing of the
// counter's app. In browser mode the host's address carries this page's own token (?token=),
// whose role may only read the customer's view and answer it.
const connection = connectPos(window);

// The page starts connecting as it loads, before the display listens: its status is kept from the
// start and told to each listener when it begins to listen, so an early "open" is never missed.
let status: ConnectionStatus = 'connecting';
const statusListeners = new Set<(status: ConnectionStatus) => void>();
connection.onConnectionChange((next) => {
  status = next;
  for (const listener of [...statusListeners]) listener(next);
});
const onConnectionChange = (listener: (status: ConnectionStatus) => void) => {
  statusListeners.add(listener);
  listener(status);
  return () => void statusListeners.delete(listener);
};

const root = document.getElementById('root');
if (!root) throw new Error('customer.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <ConnectedCustomerDisplay pos={connection.pos} onConnectionChange={onConnectionChange} hint={connection.hint} />
  </StrictMode>,
);
