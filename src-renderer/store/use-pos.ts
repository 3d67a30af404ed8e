import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { PosState, PosStore } from './pos-store';

export const PosStoreContext = createContext<PosStore | null>(null);

function usePosStore(): PosStore {
  const store = useContext(PosStoreContext);
  if (!store) throw new Error('usePos must be used inside <PosStoreContext.Provider>');
  return store;
}

/** Selects from the terminal store; pair with `useShallow` when selecting several fields. */
export function usePos<T>(selector: (state: PosState) => T): T {
  return useStore(usePosStore(), selector);
}

/** The fields a screen reads, under the screen's own names: `{ rows: 'historyRows' }`. */
export type PosFieldNames = Readonly<Record<string, keyof PosState>>;

/**
 * Several fields of the terminal store under a screen's own names, e.g.
 * `usePosFields({ rows: 'historyRows', busy: 'historyBusy' })`. The screen re-renders only when
 * one of them changes (compared shallowly, as `useShallow` does).
 */
export function usePosFields<const M extends PosFieldNames>(names: M): { [K in keyof M]: PosState[M[K]] } {
  return usePos(
    useShallow(
      (state) =>
        Object.fromEntries(Object.entries(names).map(([name, key]) => [name, state[key]])) as {
          [K in keyof M]: PosState[M[K]];
        },
    ),
  );
}

/** The store's actions: its fields that are functions. */
export type PosActions = {
  [K in keyof PosState as PosState[K] extends (...args: never[]) => unknown ? K : never]: PosState[K];
};

const actionsOf = new WeakMap<PosStore, PosActions>();

/**
 * The store's actions, for a component that calls them. Actions are made once with the store and
 * never change, so this subscribes to nothing (the component does not re-render for them) and
 * hands out the same object every time (safe in an effect's dependencies).
 */
export function usePosActions(): PosActions {
  const store = usePosStore();
  let actions = actionsOf.get(store);
  if (!actions) {
    const functions = Object.entries(store.getState()).filter(([, value]) => typeof value === 'function');
    actions = Object.fromEntries(functions) as PosActions;
    actionsOf.set(store, actions);
  }
  return actions;
}
