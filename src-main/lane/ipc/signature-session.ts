/**
 * The signature capture's session as the screens see it, and the idle one. Pure and import-free
 * like cart.ts and money.ts, so the main process and the renderer start from, and return to, the
 * same idle session (eslint.config.ts lets the renderer import its values).
 */

export const signatureSources = ['pad', 'screen'] as const;
export type SignatureSource = (typeof signatureSources)[number];

/** The signature capture as the screens see it. */
export interface SignatureSession {
  /** `idle`: no capture; `capturing`: waiting for the signer; `accepted`: a signature is ready. */
  readonly state: 'idle' | 'capturing' | 'accepted';
  readonly source: SignatureSource | null;
  /** The pad being signed on, and its extent for drawing its live ink to scale. */
  readonly deviceId: string | null;
  readonly extent: { readonly width: number; readonly height: number } | null;
  /** True when the pad is the training pad, which can sign recorded signatures. */
  readonly emulated: boolean;
  /** The accepted signature, while `state` is `accepted`. */
  readonly result: SignatureResult | null;
  /** True when a sale waits on this capture and the store lets a signed-in cashier skip it (`terminal.skipSignature`). */
  readonly skippable?: boolean;
}

/** The accepted signature as it will be sent and printed (the image, never anything about the card). */
export interface SignatureResult {
  /** Characters of the gateway string (at most 6144). */
  readonly length: number;
  readonly width: number;
  readonly height: number;
  readonly lineWidth: number;
  /** True when the line or canvas shrank to fit 6144 characters. */
  readonly reduced: boolean;
  /** The image as the gateway will receive it, decoded back: a PNG data URL for the preview. */
  readonly png: string;
}

/** No capture under way: the session the lane starts with and returns to. */
export const idleSignature: SignatureSession = {
  state: 'idle',
  source: null,
  deviceId: null,
  extent: null,
  emulated: false,
  result: null,
};
