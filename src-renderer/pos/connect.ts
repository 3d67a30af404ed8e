import type { PosApi } from '../../src-main/lane/ipc/contract';
import type { ConnectionStatus } from '../store/connection-slice';
import { namedActions } from './named-actions';
import { connectWebSocketPos } from './websocket-client';

export interface PosConnection {
  readonly pos: PosApi;
  readonly shell: 'electron' | 'browser';
  /** Set when the page can already tell it will not connect, with what to do about it. */
  readonly hint: string | null;
  onConnectionChange(listener: (status: ConnectionStatus) => void): () => void;
}

const tokenKey = 'lanepoint.session-token';

export const missingTokenHint =
  'This page was opened without its session key. Open the full address Lanepoint printed when it started (it ends in ?token=\u2026).';

/**
 * Reads the host's session token from the address the host printed, keeps it for reloads of
 * this tab, and takes it out of the address bar so it is not shown, bookmarked or shared.
 */
export function takeSessionToken(location: Location, history: History, storage: Storage): string | null {
  const url = new URL(location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) {
    storage.setItem(tokenKey, fromUrl);
    url.searchParams.delete('token');
    history.replaceState(null, '', url.pathname + url.search + url.hash);
    return fromUrl;
  }
  return storage.getItem(tokenKey);
}

/**
 * Re-derives the API on this side of Electron's contextBridge: an AbortSignal cannot be passed
 * across it, so `{ signal }` is honoured here with the unsubscribe function the preload returns.
 */
function overContextBridge(bridge: PosApi): PosApi {
  const call = bridge.call.bind(bridge) as PosApi['call'];
  const onEvent: PosApi['onEvent'] = (name, listener, options) => {
    const stop = bridge.onEvent(name, listener);
    options?.signal?.addEventListener('abort', stop, { once: true });
    return stop;
  };
  return Object.assign(Object.create(namedActions(call)) as PosApi, { call, onEvent });
}

/** Electron's preload provides `window.pos`; anywhere else the page talks to the Node host. */
export function connectPos(win: Window & { pos?: PosApi }): PosConnection {
  if (win.pos) {
    const pos = overContextBridge(win.pos);
    return {
      pos,
      shell: 'electron',
      hint: null,
      onConnectionChange(listener) {
        listener('open');
        return () => undefined;
      },
    };
  }
  const token = takeSessionToken(win.location, win.history, win.sessionStorage) ?? '';
  const bridgeUrl = new URL('/bridge', win.location.href);
  bridgeUrl.protocol = win.location.protocol === 'https:' ? 'wss:' : 'ws:';
  bridgeUrl.search = new URLSearchParams({ token }).toString();
  const pos = connectWebSocketPos(bridgeUrl.toString());
  return {
    pos,
    shell: 'browser',
    hint: token ? null : missingTokenHint,
    onConnectionChange: (listener) => pos.onConnectionChange(listener),
  };
}
