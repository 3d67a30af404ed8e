import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { connectPos } from '../pos/connect';
import { ConnectedCustomerDisplay } from './ConnectedCustomerDisplay';
import './customer.css';
import './customer-page.css';

// The customer display's own page (issue 36): the connection and the one screen, nothing of the
// counter's app. In browser mode the host's address carries this page's own token (?token=),
// whose role may only read the customer's view and answer it.
const connection = connectPos(window);

const root = document.getElementById('root');
if (!root) throw new Error('customer.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <ConnectedCustomerDisplay
      pos={connection.pos}
      onConnectionChange={connection.onConnectionChange}
      hint={connection.hint}
    />
  </StrictMode>,
);
