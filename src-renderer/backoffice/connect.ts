import { takeSessionToken } from '../pos/connect';
import { connectBridge, type BridgeConnection } from '../pos/websocket-client';
import type { BackOfficeTransport } from './api-types';

export type BackOfficeClient = BackOfficeTransport & BridgeConnection;

export interface BackOfficeConnection {
  readonly api: BackOfficeClient;
  /** The session token, for the one request that is not a bridge command: an attachment's upload. */
  readonly token: string;
  /** Set when the page can already tell it will not connect, with what to do about it. */
  readonly hint: string | null;
}

export const missingBackOfficeTokenHint =
  'This page was opened without its session key. Open the full address `lanepoint backoffice` printed when it started (it ends in ?token=\u2026).';

/** The back office page talks to its host (`lanepoint backoffice`) over the bridge, with the token from its address. */
export function connectBackOffice(win: Window): BackOfficeConnection {
  const token = takeSessionToken(win.location, win.history, win.sessionStorage) ?? '';
  const bridgeUrl = new URL('/bridge', win.location.href);
  bridgeUrl.protocol = win.location.protocol === 'https:' ? 'wss:' : 'ws:';
  bridgeUrl.search = new URLSearchParams({ token }).toString();
  const api = connectBridge<BackOfficeTransport>(bridgeUrl.toString(), 'the back office');
  return { api, token, hint: token ? null : missingBackOfficeTokenHint };
}
