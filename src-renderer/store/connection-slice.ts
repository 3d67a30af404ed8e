import type { StateCreator } from 'zustand';
import type { PosState } from './pos-state';

/** `open` always in Electron; in browser mode it follows the WebSocket bridge. */
export type ConnectionStatus = 'connecting' | 'open' | 'closed';

export interface ConnectionSlice {
  connection: ConnectionStatus;
  /** What the person at the screen should do when the terminal cannot be reached, if known. */
  connectionHint: string | null;
  setConnection(status: ConnectionStatus): void;
  setConnectionHint(hint: string | null): void;
}

export const createConnectionSlice: StateCreator<PosState, [], [], ConnectionSlice> = (set) => ({
  connection: 'connecting',
  connectionHint: null,
  setConnection: (connection) => set({ connection }),
  setConnectionHint: (connectionHint) => set({ connectionHint }),
});

declare module './pos-state' {
  interface PosSlices {
    connection: ConnectionSlice;
  }
}
