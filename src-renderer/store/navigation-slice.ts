import type { StateCreator } from 'zustand';
import type { PosState } from './pos-state';

/** The counter's screens, in the order of the navigation bar and its Alt+1…6 keys. */
export const counterScreens = ['sale', 'history', 'end-of-day', 'devices', 'settings', 'authorizations'] as const;
export type CounterScreen = (typeof counterScreens)[number];

export interface NavigationSlice {
  screen: CounterScreen;
  go(screen: CounterScreen): void;
}

export const createNavigationSlice: StateCreator<PosState, [], [], NavigationSlice> = (set) => ({
  screen: 'sale',
  go: (screen) => set({ screen }),
});

declare module './pos-state' {
  interface PosSlices {
    navigation: NavigationSlice;
  }
}
