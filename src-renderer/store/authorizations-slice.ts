import type { StateCreator } from 'zustand';
import type {
  FollowUpSummary,
  FundingView,
  OpenAuthorizationsView,
  PosApi,
  VoidReason,
} from '../../src-main/lane/ipc/contract';
import { PosCallError, unwrap } from '../pos/call-error';
import type { PosState } from './pos-state';

/** Authorizations captured later (ADR 090): the open holds, capturing or releasing one; the day's funding. */
export interface AuthorizationsSlice {
  openAuthorizations: OpenAuthorizationsView | null;
  authorizationsError: string | null;
  /** The last capture's or release's summary, as the screen says it. */
  authorizationOutcome: FollowUpSummary | null;
  loadAuthorizations(): Promise<void>;
  /** Forgets the last capture's or release's words: the screen was left, and they belong to that visit. */
  forgetAuthorizationOutcome(): void;
  /** Resolves with null when approved, or the words to show; a want of a manager throws `forbidden`. */
  captureAuthorization(args: { orderId: string; amountMinor: number; tipMinor?: number }): Promise<string | null>;
  releaseAuthorization(args: { orderId: string; reason: VoidReason; managerPin?: string }): Promise<string | null>;
  /** The gateway's funding dated the end of day's day, and why it could not be read. */
  funding: FundingView | null;
  fundingProblem: string | null;
  /** Reads the funding of a date (MMDD); a later call wins over an earlier one still answering. */
  loadFunding(date: string): Promise<void>;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const createAuthorizationsSlice =
  (pos: PosApi): StateCreator<PosState, [], [], AuthorizationsSlice> =>
  (set, get) => {
    /** Runs a capture or release; the list is read again whatever came of it. */
    const followUp = async (send: () => ReturnType<PosApi['terminal']['capture']>): Promise<string | null> => {
      set({ authorizationOutcome: null });
      try {
        const summary = unwrap(await send());
        set({ authorizationOutcome: summary });
        return summary.outcome === 'approved' ? null : (summary.reason ?? `The gateway answered ${summary.outcome}.`);
      } catch (error) {
        if (error instanceof PosCallError && error.code === 'forbidden') throw error;
        return message(error);
      } finally {
        await get().loadAuthorizations();
      }
    };
    let fundingAsked = 0;
    return {
      funding: null,
      fundingProblem: null,
      async loadFunding(date) {
        const asked = ++fundingAsked;
        set({ funding: null, fundingProblem: null });
        try {
          const funding = unwrap(await pos.terminal.funding({ date }));
          if (asked === fundingAsked) set({ funding });
        } catch (error) {
          if (asked === fundingAsked) set({ fundingProblem: message(error) });
        }
      },
      openAuthorizations: null,
      authorizationsError: null,
      authorizationOutcome: null,
      async loadAuthorizations() {
        try {
          set({ openAuthorizations: unwrap(await pos.terminal.openAuthorizations()), authorizationsError: null });
        } catch (error) {
          set({ authorizationsError: `The open authorizations could not be read: ${message(error)}` });
        }
      },
      forgetAuthorizationOutcome: () => set({ authorizationOutcome: null }),
      captureAuthorization: (args) => followUp(() => pos.terminal.capture(args)),
      releaseAuthorization: (args) => followUp(() => pos.terminal.void(args)),
    };
  };

declare module './pos-state' {
  interface PosSlices {
    authorizations: AuthorizationsSlice;
  }
}
