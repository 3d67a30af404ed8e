// The pay page's script (served as /pay-assets/pay.js): the status line, and training's wallets.
import './pay.css';
import { browserWindow } from './page-window';
import { pollStatus, statusLine } from './status-line';
import { connectTrainingWallets } from './training-wallets';

const page = browserWindow();
const line = statusLine(page.document);
connectTrainingWallets(page, line);
pollStatus(page, line);
