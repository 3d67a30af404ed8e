/**
 * The devices screen: card readers, signature pads and printers with their status, a test read,
 * the keyboard-mode reader's keystrokes from a browser, and training's card deck.
 */
import { z } from 'zod';
import { amountMinorFrom, noArgs } from './schemas';
import { command, event } from './spec';

export const deviceKinds = ['card-reader', 'signature-pad', 'printer'] as const;
export type DeviceKind = (typeof deviceKinds)[number];

export type DeviceTransportKind = 'serial' | 'hid' | 'keyboard-wedge' | 'tcp' | 'usb' | 'emulated';

export type DeviceStatus = 'connected' | 'connecting' | 'disconnected' | 'error';

export interface DeviceInfo {
  /** Stable id from settings, e.g. "reader-1". */
  readonly id: string;
  readonly kind: DeviceKind;
  /** What the cashier calls it, e.g. "Counter card reader". */
  readonly name: string;
  readonly transport: DeviceTransportKind;
  /** True for the emulated peers used in training mode. */
  readonly emulated: boolean;
  readonly status: DeviceStatus;
  /** The last error in words a store's IT person can act on, or null. */
  readonly lastError: string | null;
}

/** A card as the screen may show it: masked, never the track or a clear number. */
export interface CardSummary {
  readonly entryMode: 'swipe' | 'chip' | 'contactless' | 'fallback-swipe' | 'keyed';
  readonly maskedPan: string;
  readonly lastFour: string;
  readonly network: string;
  readonly name: string | null;
  readonly expiry: string | null;
  /** "pin", "signature", "pin-and-signature", "none", ... or null for swipe and keyed. */
  readonly cvm: string | null;
  readonly aid: string | null;
  readonly applicationLabel: string | null;
  readonly encrypted: boolean;
}

export const presentMethods = ['insert', 'tap', 'swipe'] as const;

/** One card of the training deck (assets/test-cards.json), as the card-deck panel shows it. */
export interface TestCardInfo {
  readonly id: string;
  readonly label: string;
  readonly network: string;
  readonly scenario: string;
  /** Masked like any card on screen, although these are public test numbers. */
  readonly maskedPan: string;
  readonly methods: ReadonlyArray<(typeof presentMethods)[number]>;
  /** The suggested sale amount for the scenario, e.g. "25.00". */
  readonly amount: string;
  readonly note: string;
}

/** A page's clock reading: milliseconds since it loaded, as `performance.now()` and event time stamps are. */
const pageTime = z.number().min(0).max(Number.MAX_SAFE_INTEGER);

/** The wedge's answer to a page's key or pause. */
export interface KeystrokeAnswer {
  /** Kept from the page: card data, or held while the wedge decides. */
  readonly consumed: boolean;
  /** While keys are held: the page time after which, with no other key, it reports a pause. */
  readonly settleAt?: number;
}

export const deviceCommands = {
  'devices.list': command<DeviceInfo[]>()(
    'Configured devices with their status, optionally of one kind.',
    z.object({ kind: z.enum(deviceKinds).optional() }).strict(),
  ),
  'devices.readCard': command<CardSummary>()(
    'Reads one card on a card reader (the devices screen\u2019s test read); masked.',
    z
      .object({
        deviceId: z.string().max(32).optional(),
        timeoutSeconds: z.number().int().min(1).max(120).default(30),
      })
      .strict(),
  ),
  'devices.cancelRead': command<{ readonly canceled: boolean }>()(
    'Cancels a test read in progress on a card reader.',
    z.object({ deviceId: z.string().max(32).optional() }).strict(),
  ),
  'devices.keystroke': command<KeystrokeAnswer>()(
    'Browser mode: one keystroke for the keyboard-mode card reader\u2019s wedge, with the page\u2019s own time of the key press, so a stall of the main process between two keys of one burst never splits it. `consumed` keys are card data or held back; held keys a person typed are released by `seq` in `devices.keysReleased`, to this screen only. While keys are held, `settleAt` (page time) says when the page must report a pause with `devices.keysPaused` if no other key came.',
    z
      .object({
        /** One character, or a key name such as "Enter". */
        key: z.string().min(1).max(16),
        /** The page's number for this keystroke, rising: the release names it, never the key itself. */
        seq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
        /** When the key was pressed, in the page's milliseconds (its event's `timeStamp`). */
        at: pageTime,
      })
      .strict(),
  ),
  'devices.keysPaused': command<KeystrokeAnswer>()(
    'Browser mode: no key was pressed on this page after its last keystroke until `at` (page time). Keys the wedge held past its pause are settled: released to the page, or a scan that went wrong. `settleAt` as for `devices.keystroke`.',
    z.object({ at: pageTime }).strict(),
  ),
  'devices.testCards': command<TestCardInfo[]>()('Training: the card deck.', noArgs),
  'devices.presentTestCard': command<{ readonly presented: true }>()(
    'Training: inserts, taps or swipes a card of the deck on the emulated reader.',
    z
      .object({
        cardId: z.string().min(1).max(64),
        method: z.enum(presentMethods),
        /** Sale amount in minor units, for the chip record; the card\u2019s suggested amount by default. */
        amountMinor: amountMinorFrom(0).optional(),
        deviceId: z.string().max(32).optional(),
      })
      .strict(),
  ),
} as const;

export const deviceEvents = {
  'devices.changed': event<DeviceInfo[]>('The device list or a device\u2019s status changed.'),
  'devices.keysReleased': event<{ readonly seqs: readonly number[] }>(
    'Keystrokes the card reader wedge held back that a person typed, by the `seq` the page gave them: sent only to the screen that typed them, which types them now, in order. It never carries the keys (a PIN, a keyed card number).',
  ),
} as const;
