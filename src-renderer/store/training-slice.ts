import type { StateCreator } from 'zustand';
import type {
  PosApi,
  TestCardInfo,
  TrainingTerminalAction,
  TrainingTerminalView,
} from '../../src-main/lane/ipc/contract';
import { unwrap } from '../pos/call-error';
import type { PosState } from './pos-state';

export type PresentMethod = TestCardInfo['methods'][number];

export interface TrainingSlice {
  testCards: TestCardInfo[];
  /** What the last training action did, or why it could not: one line for the trainee. */
  trainingNote: { readonly ok: boolean; readonly text: string } | null;
  scenarioId: string | null;
  loadTestCards(): Promise<void>;
  /** Inserts, taps or swipes a deck card on the training reader, for `amountMinor` (its suggested amount when omitted). */
  presentTestCard(card: TestCardInfo, method: PresentMethod, amountMinor?: number): Promise<void>;
  loseNextAnswer(): Promise<void>;
  settleTrainingBatches(): Promise<void>;
  /** The trainer's network faults on the built-in gateway: down or DNS failing for `trainingFaultSeconds`, or back now. */
  trainingNetwork(fault: TrainingNetworkFault): Promise<void>;
  chooseScenario(id: string | null): void;
  /** The emulated phone pays the open pay link with a payload signed too long ago, or the last one again. */
  payOnTrainingPhone(payload: 'expired' | 'replayed'): Promise<void>;
  /** The emulated integrated terminal's screen, or null when the lane takes cards on its own reader. */
  trainingTerminal: TrainingTerminalView | null;
  setTrainingTerminal(view: TrainingTerminalView | null): void;
  refreshTrainingTerminal(): Promise<void>;
  /** The trainee acts at the emulated terminal, or the trainer makes a fault; a refusal becomes the note. */
  actOnTrainingTerminal(action: TrainingTerminalAction, done?: string): Promise<void>;
}

export type TrainingNetworkFault = 'network-down' | 'fail-dns' | 'network-back';

/** How long a scenario's network fault lasts unless the trainer brings the network back first: time for a sale or two. */
export const trainingFaultSeconds = 300;

const faultNotes: Record<TrainingNetworkFault, string> = {
  'network-down': `The training gateway is off the network for ${trainingFaultSeconds / 60} minutes: every connection is refused.`,
  'fail-dns': `For ${trainingFaultSeconds / 60} minutes the training gateway's name does not resolve (DNS fails).`,
  'network-back': 'The network is back: the lane finds the gateway within seconds and sends what it stored.',
};

const verbs: Record<PresentMethod, string> = { insert: 'Inserted', tap: 'Tapped', swipe: 'Swiped' };

export const createTrainingSlice =
  (pos: PosApi): StateCreator<PosState, [], [], TrainingSlice> =>
  (set) => {
    const note = (ok: boolean, text: string) => set({ trainingNote: { ok, text } });
    const failed = (error: unknown) => note(false, error instanceof Error ? error.message : String(error));
    /** How many screens the terminal's event has drawn: a command's answer older than the last is not drawn. */
    let terminalEvents = 0;
    return {
      testCards: [],
      trainingNote: null,
      scenarioId: null,
      async loadTestCards() {
        try {
          set({ testCards: unwrap(await pos.devices.testCards()) });
        } catch (error) {
          failed(error);
        }
      },
      async presentTestCard(card, method, amountMinor) {
        try {
          unwrap(
            await pos.devices.presentTestCard({ cardId: card.id, method, ...(amountMinor ? { amountMinor } : {}) }),
          );
          note(true, `${verbs[method]} ${card.label} (\u2026${card.maskedPan.slice(-4)}) on the training reader.`);
        } catch (error) {
          failed(error);
        }
      },
      async loseNextAnswer() {
        try {
          unwrap(await pos.training.loseNextAnswer());
          note(
            true,
            'The next answer will be lost on its way back from the training gateway. Run a sale and watch the lane find out what happened.',
          );
        } catch (error) {
          failed(error);
        }
      },
      async settleTrainingBatches() {
        try {
          const { batches } = unwrap(await pos.training.settleBatches());
          note(
            true,
            batches === 0
              ? 'There was nothing to settle: run a sale first.'
              : `Settled ${batches} batch${batches === 1 ? '' : 'es'}, as the processor does overnight: today's sales can now be refunded.`,
          );
        } catch (error) {
          failed(error);
        }
      },
      async trainingNetwork(fault) {
        try {
          if (fault === 'network-down') unwrap(await pos.training.networkDown({ seconds: trainingFaultSeconds }));
          else if (fault === 'fail-dns') unwrap(await pos.training.failDns({ seconds: trainingFaultSeconds }));
          else unwrap(await pos.training.networkBack());
          note(true, faultNotes[fault]);
        } catch (error) {
          failed(error);
        }
      },
      chooseScenario: (scenarioId) => set({ scenarioId }),
      trainingTerminal: null,
      setTrainingTerminal: (trainingTerminal) => {
        terminalEvents += 1;
        set({ trainingTerminal });
      },
      async refreshTrainingTerminal() {
        try {
          const seen = terminalEvents;
          const view = unwrap(await pos.training.terminalScreen());
          if (terminalEvents === seen) set({ trainingTerminal: view });
        } catch (error) {
          failed(error);
        }
      },
      async actOnTrainingTerminal(action, done) {
        try {
          // The screen after the action, unless the terminal's own event came first with a newer one
          // (its next prompt): an answer read late never draws an older screen over it.
          const seen = terminalEvents;
          const view = unwrap(await pos.training.terminalAction(action));
          if (terminalEvents === seen) set({ trainingTerminal: view });
          if (done) note(true, done);
        } catch (error) {
          failed(error);
        }
      },
      async payOnTrainingPhone(payload) {
        try {
          const answer = unwrap(await pos.training.payOnPhone({ payload }));
          const sent =
            payload === 'expired'
              ? 'The training phone sent a payment signed three minutes ago'
              : 'The training phone sent its last payment a second time';
          // The page takes the payment and the lane decides: what to watch is the sale screen.
          note(
            true,
            answer.status < 400
              ? `${sent}: watch what the sale screen says.`
              : `${sent}; the pay page refused it: ${answer.message}`,
          );
        } catch (error) {
          failed(error);
        }
      },
    };
  };

declare module './pos-state' {
  interface PosSlices {
    training: TrainingSlice;
  }
}
