import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BackOfficeApp } from './components/BackOfficeApp';
import { connectBackOffice } from './connect';
import { BackOfficeContext, createBackOfficeStore, syncBackOfficeStore } from './store';
import '../styles.css';
import '../counter.css';
import './backoffice.css';

const connection = connectBackOffice(window);
const store = createBackOfficeStore(connection.api);
store.setState({ hint: connection.hint });
syncBackOfficeStore(store, connection.api, connection.api.onConnectionChange);

const root = document.getElementById('root');
if (!root) throw new Error('backoffice.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <BackOfficeContext.Provider value={store}>
      <BackOfficeApp token={connection.token} />
    </BackOfficeContext.Provider>
  </StrictMode>,
);
