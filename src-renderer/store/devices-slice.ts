import type { StateCreator } from 'zustand';
import type { DeviceInfo, PosApi } from '../../src-main/lane/ipc/contract';
import { unwrap } from '../pos/call-error';
import type { PosState } from './pos-state';

export interface DevicesSlice {
  devices: DeviceInfo[];
  devicesError: string | null;
  refreshDevices(): Promise<void>;
  /** Applies a `devices.changed` event. */
  setDevices(devices: DeviceInfo[]): void;
}

export const createDevicesSlice =
  (pos: PosApi): StateCreator<PosState, [], [], DevicesSlice> =>
  (set) => ({
    devices: [],
    devicesError: null,
    async refreshDevices() {
      try {
        set({ devices: unwrap(await pos.devices.list({})), devicesError: null });
      } catch (error) {
        set({ devicesError: error instanceof Error ? error.message : String(error) });
      }
    },
    setDevices: (devices) => set({ devices, devicesError: null }),
  });

declare module './pos-state' {
  interface PosSlices {
    devices: DevicesSlice;
  }
}
