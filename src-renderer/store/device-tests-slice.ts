import type { StateCreator } from 'zustand';
import type { CardSummary, PosApi } from '../../src-main/ipc/contract';
import { unwrap } from '../pos/call-error';
import type { PosState } from './pos-store';

/** What a device test came to, per device: in progress, done (with what it found), or failed (with why). */
export type DeviceTest =
  | { readonly state: 'running'; readonly what: string }
  | {
      readonly state: 'done';
      readonly what: string;
      readonly card?: CardSummary;
      readonly page?: { readonly png: string | null; readonly lines: readonly string[] };
    }
  | { readonly state: 'failed'; readonly what: string; readonly problem: string };

export interface DeviceTestsSlice {
  deviceTests: Record<string, DeviceTest>;
  testPrint(deviceId: string, training: boolean): Promise<void>;
  resumePrinter(deviceId: string): Promise<void>;
  discardHeld(deviceId: string): Promise<void>;
  readTestCard(deviceId: string): Promise<void>;
  cancelTestRead(deviceId: string): Promise<void>;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const createDeviceTestsSlice =
  (pos: PosApi): StateCreator<PosState, [], [], DeviceTestsSlice> =>
  (set) => {
    const record = (deviceId: string, test: DeviceTest) =>
      set((state) => ({ deviceTests: { ...state.deviceTests, [deviceId]: test } }));
    return {
      deviceTests: {},
      async testPrint(deviceId, training) {
        record(deviceId, { state: 'running', what: 'Printing a test page' });
        try {
          unwrap(await pos.printers.testPrint({ deviceId }));
          // The training printer shows what it printed; a real one is looked at.
          const page = training ? unwrap(await pos.printers.lastPage({ deviceId })) : undefined;
          record(deviceId, { state: 'done', what: 'The test page printed.', ...(page ? { page } : {}) });
        } catch (error) {
          record(deviceId, { state: 'failed', what: 'The test page did not print', problem: message(error) });
        }
      },
      async resumePrinter(deviceId) {
        try {
          const { held } = unwrap(await pos.printers.resume({ deviceId }));
          record(deviceId, {
            state: 'done',
            what:
              held > 0 ? `Printing the ${held} held job${held === 1 ? '' : 's'} now.` : 'Nothing was waiting to print.',
          });
        } catch (error) {
          record(deviceId, { state: 'failed', what: 'The printer is still not ready', problem: message(error) });
        }
      },
      async discardHeld(deviceId) {
        try {
          const { discarded } = unwrap(await pos.printers.discardHeld({ deviceId }));
          record(deviceId, {
            state: 'done',
            what: `Gave up ${discarded} held job${discarded === 1 ? '' : 's'}: reprint from History if a customer needs a copy.`,
          });
        } catch (error) {
          record(deviceId, { state: 'failed', what: 'The held jobs could not be discarded', problem: message(error) });
        }
      },
      async readTestCard(deviceId) {
        record(deviceId, { state: 'running', what: 'Present a card to the reader' });
        try {
          const card = unwrap(await pos.devices.readCard({ deviceId, timeoutSeconds: 30 }));
          record(deviceId, { state: 'done', what: 'The reader read the card.', card });
        } catch (error) {
          record(deviceId, { state: 'failed', what: 'No card was read', problem: message(error) });
        }
      },
      async cancelTestRead(deviceId) {
        try {
          unwrap(await pos.devices.cancelRead({ deviceId }));
        } catch (error) {
          record(deviceId, { state: 'failed', what: 'The read could not be canceled', problem: message(error) });
        }
      },
    };
  };
