import type { StateCreator } from 'zustand';
import type { CardSummary, PosApi } from '../../src-main/lane/ipc/contract';
import { unwrap } from '../pos/call-error';
import type { PosState } from './pos-state';

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

/** A finished test's findings, as recorded with state `done`. */
type DoneTest = Omit<Extract<DeviceTest, { state: 'done' }>, 'state'>;

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
    /** Runs a test's work: what it resolves with is recorded as done; a failure is recorded as `failedWhat`, with why. */
    const run = async (deviceId: string, failedWhat: string, work: () => Promise<DoneTest | undefined>) => {
      try {
        const done = await work();
        if (done) record(deviceId, { state: 'done', ...done });
      } catch (error) {
        record(deviceId, { state: 'failed', what: failedWhat, problem: message(error) });
      }
    };
    return {
      deviceTests: {},
      async testPrint(deviceId, training) {
        record(deviceId, { state: 'running', what: 'Printing a test page' });
        await run(deviceId, 'The test page did not print', async () => {
          unwrap(await pos.printers.testPrint({ deviceId }));
          // The training printer shows what it printed; a real one is looked at.
          const page = training ? unwrap(await pos.printers.lastPage({ deviceId })) : undefined;
          return { what: 'The test page printed.', ...(page ? { page } : {}) };
        });
      },
      resumePrinter: (deviceId) =>
        run(deviceId, 'The printer is still not ready', async () => {
          const { held } = unwrap(await pos.printers.resume({ deviceId }));
          return {
            what:
              held > 0 ? `Printing the ${held} held job${held === 1 ? '' : 's'} now.` : 'Nothing was waiting to print.',
          };
        }),
      discardHeld: (deviceId) =>
        run(deviceId, 'The held jobs could not be discarded', async () => {
          const { discarded } = unwrap(await pos.printers.discardHeld({ deviceId }));
          return {
            what: `Gave up ${discarded} held job${discarded === 1 ? '' : 's'}: reprint from History if a customer needs a copy.`,
          };
        }),
      async readTestCard(deviceId) {
        record(deviceId, { state: 'running', what: 'Present a card to the reader' });
        await run(deviceId, 'No card was read', async () => {
          const card = unwrap(await pos.devices.readCard({ deviceId, timeoutSeconds: 30 }));
          return { what: 'The reader read the card.', card };
        });
      },
      cancelTestRead: (deviceId) =>
        run(deviceId, 'The read could not be canceled', async () => {
          unwrap(await pos.devices.cancelRead({ deviceId }));
          return undefined;
        }),
    };
  };

declare module './pos-state' {
  interface PosSlices {
    deviceTests: DeviceTestsSlice;
  }
}
