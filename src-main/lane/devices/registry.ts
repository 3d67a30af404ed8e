import type { DeviceInfo, DeviceKind, DeviceStatus } from '../ipc/contract';
import { KindedError } from '../../platform/errors';

/**
 * The terminal's list of devices and their live status. Drivers report into it; the shells
 * show it. It holds descriptions only, never a device handle or anything a device sent.
 */
export interface DeviceRegistry {
  list(kind?: DeviceKind): DeviceInfo[];
  /** Adds a device, or replaces the one with the same id. */
  register(device: DeviceInfo): void;
  remove(id: string): void;
  /** Records a status change; `lastError` is kept until a later change clears it. */
  setStatus(id: string, status: DeviceStatus, lastError?: string | null): void;
  /** Called with the whole list after every change. */
  onChange(listener: (devices: DeviceInfo[]) => void): () => void;
}

/** Builds an empty registry; the composition root registers what the settings configure. */
export function createDeviceRegistry(): DeviceRegistry {
  const devices = new Map<string, DeviceInfo>();
  const listeners = new Set<(devices: DeviceInfo[]) => void>();
  const all = () => [...devices.values()];
  const changed = () => {
    const snapshot = all();
    for (const listener of [...listeners]) listener(snapshot);
  };
  return {
    list: (kind) => (kind ? all().filter((device) => device.kind === kind) : all()),
    register(device) {
      devices.set(device.id, device);
      changed();
    },
    remove(id) {
      if (devices.delete(id)) changed();
    },
    setStatus(id, status, lastError) {
      const device = devices.get(id);
      if (!device) throw new KindedError('not-found', `No device with id "${id}" is registered`);
      const next = { ...device, status, lastError: lastError === undefined ? device.lastError : lastError };
      if (next.status === device.status && next.lastError === device.lastError) return;
      devices.set(id, next);
      changed();
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
