import type { DeviceInfo } from '../../src-main/lane/ipc/contract';

/**
 * An emulated receipt printer, connected, as the device list reports it: the device the host's
 * bridge test registers and the counter's device chips show. Shared by the main-process and the
 * renderer tests (tsconfig.web.json lists this file), so both describe the same device.
 */
export const connectedPrinter: DeviceInfo = {
  id: 'printer-1',
  kind: 'printer',
  name: 'Receipt printer',
  transport: 'emulated',
  emulated: true,
  status: 'connected',
  lastError: null,
};
