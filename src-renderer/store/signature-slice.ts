import type { StateCreator } from 'zustand';
import type {
  CommandReply,
  PosApi,
  SignatureSession,
  SignatureSource,
  SignatureStrokesInput,
} from '../../src-main/lane/ipc/contract';
import { idleSignature } from '../../src-main/lane/ipc/signature-session';
import { unwrap } from '../pos/call-error';
import type { PosState } from './pos-state';

type Point = { readonly x: number; readonly y: number };

export interface SignatureSlice {
  signature: SignatureSession;
  /** The pad's strokes so far, as its `signature.ink` events drew them. */
  padInk: Point[][];
  /** The last thing that went wrong, in words for the cashier. */
  signatureError: string | null;
  /** Training: recorded signatures the training pad can sign. */
  recordedSignatures: string[];
  refreshSignature(): Promise<void>;
  /** Applies a `signature.session` event. */
  setSignature(session: SignatureSession): void;
  /** Applies a `signature.ink` event. */
  addPadInk(stroke: number, points: readonly Point[]): void;
  /** Applies a `signature.cleared` event. */
  clearPadInk(): void;
  beginSignature(source?: SignatureSource): Promise<void>;
  clearSignature(): Promise<void>;
  acceptSignature(): Promise<void>;
  submitSignature(signature: SignatureStrokesInput): Promise<void>;
  /** Ends the capture without a signature: a sale waiting on it is canceled, nothing charged. */
  cancelSignature(): Promise<void>;
  /** The signed-in cashier's choice to go on without the signature, where the store allows it. */
  skipSignature(): Promise<void>;
  replaySignature(name: string): Promise<void>;
}

export const createSignatureSlice =
  (pos: PosApi): StateCreator<PosState, [], [], SignatureSlice> =>
  (set, get) => {
    /** Runs one command; a failure becomes the message on the signature panel. */
    const attempt = async (run: () => Promise<void>) => {
      try {
        set({ signatureError: null });
        await run();
      } catch (error) {
        set({ signatureError: error instanceof Error ? error.message : String(error) });
      }
    };
    /** Sends one command whose answer the `signature.session` event brings; only a refusal matters here. */
    const command = (send: () => Promise<CommandReply<unknown>>) =>
      attempt(async () => {
        unwrap(await send());
      });
    return {
      signature: idleSignature,
      padInk: [],
      signatureError: null,
      recordedSignatures: [],
      async refreshSignature() {
        try {
          get().setSignature(unwrap(await pos.signature.session()));
        } catch {
          // The connection slice already says the terminal is unreachable.
        }
      },
      setSignature(session) {
        const previous = get().signature;
        const fresh = session.state === 'capturing' && previous.state !== 'capturing';
        set({ signature: session, ...(fresh || session.state === 'idle' ? { padInk: [], signatureError: null } : {}) });
        if (fresh && session.emulated && get().recordedSignatures.length === 0) {
          void pos.signature.recorded().then((reply) => reply.ok && set({ recordedSignatures: reply.result }));
        }
      },
      addPadInk(stroke, points) {
        const ink = get().padInk.slice();
        ink[stroke] = [...(ink[stroke] ?? []), ...points];
        set({ padInk: ink });
      },
      clearPadInk: () => set({ padInk: [] }),
      beginSignature: (source) =>
        attempt(async () => get().setSignature(unwrap(await pos.signature.begin(source ? { source } : {})))),
      clearSignature: () => command(() => pos.signature.clear()),
      acceptSignature: () => command(() => pos.signature.accept()),
      submitSignature: (signature) => command(() => pos.signature.submit({ signature })),
      cancelSignature: () => command(() => pos.signature.cancel()),
      skipSignature: () => command(() => pos.terminal.skipSignature()),
      replaySignature: (name) => command(() => pos.signature.replay({ name })),
    };
  };

declare module './pos-state' {
  interface PosSlices {
    signature: SignatureSlice;
  }
}
