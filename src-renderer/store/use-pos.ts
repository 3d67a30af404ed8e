import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { PosState, PosStore } from './pos-store';

export const PosStoreContext = createContext<PosStore | null>(null);

/** Selects from the terminal store; pair with `useShallow` when selecting several fields. */
export function usePos<T>(selector: (state: PosState) => T): T {
  const store = useContext(PosStoreContext);
  if (!store) throw new Error('usePos must be used inside <PosStoreContext.Provider>');
  return useStore(store, selector);
}
