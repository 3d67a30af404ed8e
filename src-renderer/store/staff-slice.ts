import type { StateCreator } from 'zustand';
import type { PosApi, StaffSession, TrainingLogin } from '../../src-main/lane/ipc/contract';
import { unwrap } from '../pos/call-error';
import type { PosState } from './pos-state';

export interface StaffSlice {
  /** Who is signed in on the lane; null when nobody is (the sign-in screen shows). */
  staff: StaffSession | null;
  /** False until the main process said who is signed in, so the sign-in screen does not flash. */
  staffKnown: boolean;
  trainingLogins: TrainingLogin[];
  signInError: string | null;
  signingIn: boolean;
  refreshStaff(): Promise<void>;
  signIn(cashierId: string, pin: string): Promise<boolean>;
  signOut(): Promise<void>;
  /** Applies a `session.changed` event. */
  setStaff(staff: StaffSession | null): void;
}

export const createStaffSlice =
  (pos: PosApi): StateCreator<PosState, [], [], StaffSlice> =>
  (set, get) => ({
    staff: null,
    staffKnown: false,
    trainingLogins: [],
    signInError: null,
    signingIn: false,
    async refreshStaff() {
      try {
        const [staff, trainingLogins] = await Promise.all([pos.session.current(), pos.session.trainingLogins()]);
        set({ staff: unwrap(staff), trainingLogins: unwrap(trainingLogins), staffKnown: true });
      } catch {
        // The connection slice tells the cashier the terminal is unreachable.
      }
    },
    async signIn(cashierId, pin) {
      set({ signingIn: true, signInError: null });
      try {
        set({ staff: unwrap(await pos.session.signIn({ cashierId, pin })), signingIn: false, screen: 'sale' });
        return true;
      } catch (error) {
        set({ signingIn: false, signInError: error instanceof Error ? error.message : String(error) });
        return false;
      }
    },
    async signOut() {
      try {
        unwrap(await pos.session.signOut());
        set({ staff: null });
      } catch (error) {
        set({ signInError: error instanceof Error ? error.message : String(error) });
      }
    },
    // A session that ended in the main process (a kiosk's staff idle, a customer's visit starting)
    // closes the kiosk's staff panel too: the next person at the screen is a customer.
    setStaff: (staff) =>
      set(
        staff
          ? { staff }
          : { staff: null, screen: 'sale', ...(get().staff ? { staffMode: false, staffNote: null } : {}) },
      ),
  });

declare module './pos-state' {
  interface PosSlices {
    staff: StaffSlice;
  }
}
