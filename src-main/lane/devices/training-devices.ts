import type { Clock } from '../../platform/clock';
import type { InkImage } from '../../../drivers/printer/page';
import type { SignatureStrokes } from '../../../drivers/signature-pad/types';
import type { KeyboardWedgeTransport } from '../../../drivers/transport/keyboard-wedge-transport';
import type { Transport } from '../../../drivers/transport/types';
import type { TestCardInfo } from '../ipc/contract';
import type { PrinterProfile } from '../receipt/profiles';

export type PresentMethod = 'insert' | 'tap' | 'swipe';

/** A card of training's deck: what the card-deck panel shows (the number unmasked: public test numbers). */
export interface DeckCard extends Omit<TestCardInfo, 'maskedPan'> {
  readonly pan: string;
}

/** Training: what the card-deck panel drives. */
export interface EmulatedReaderControl {
  present(card: DeckCard, method: PresentMethod, amountMinor: number): Promise<void>;
}

/** Training: the emulated pad signs a recorded signature, at `speed` (1 real time). */
export interface EmulatedPadControl {
  sign(signature: SignatureStrokes, options: { speed: number; signal?: AbortSignal }): Promise<void>;
}

/** Training: the emulated printer's pages, which show what was really sent, and its cash drawer. */
export interface EmulatedPrinterPages {
  readonly pages: readonly { readonly image: InkImage; readonly lines: readonly string[] }[];
  /** Whether the cash drawer on its connector is open (false without one). */
  readonly drawerOpen: boolean;
  /** The trainee pushes the cash drawer shut. */
  closeDrawer(): void;
}

/**
 * Training's emulated devices and their test data, handed to the lane by the training wiring
 * (src-main/shells/training/), the one place the lane meets its stand-ins. Each emulated device is the
 * peer on the far end of a link the lane opens, so the lane's own protocol code runs against it.
 * Without it the lane cannot build an emulated device, and says so.
 */
export interface TrainingDevices {
  /** An emulated card reader that types what a presented card makes into the keyboard stream, as a keyboard-mode reader does. */
  keyboardReader(wedge: KeyboardWedgeTransport, clock: Clock): EmulatedReaderControl;
  /** An emulated USB HID card reader on `device`, the far end of the reader's link. */
  hidReader(device: Transport): EmulatedReaderControl;
  /** An emulated ISDV4 (serial) pad on `device`, the far end of the pad's link. */
  isdv4Pad(device: Transport): EmulatedPadControl;
  /** An emulated HID digitizer pad on `device`, and the report descriptor it publishes. */
  digitizerPad(device: Transport): EmulatedPadControl & { readonly descriptor: Uint8Array };
  /**
   * An emulated ESC/POS printer of `profile` on `device`, the far end of the printer's link; with
   * `drawer`, a cash drawer on its kick-out connector whose switch reads `openLevel` when open.
   */
  printer(
    profile: PrinterProfile,
    device: Transport,
    drawer?: { readonly openLevel: 'high' | 'low' },
  ): EmulatedPrinterPages;
  /** Training's card deck (`test-cards.json` in the assets folder). Throws naming the file when it is unusable. */
  testCards(assetsDir: string): readonly DeckCard[];
  /** The recorded signatures the training pad can sign (`signatures/*.json` in the assets folder), by name. */
  recordedSignatures(assetsDir: string): ReadonlyMap<string, SignatureStrokes>;
}
