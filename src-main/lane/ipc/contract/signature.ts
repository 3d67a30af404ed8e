/** Signature capture, on a pad or on the screen: its session, the strokes, the accepted image. */
import { z } from 'zod';
import {
  signatureSources,
  type SignatureResult,
  type SignatureSession,
  type SignatureSource,
} from '../signature-session';
import { noArgs } from './schemas';
import { command, event } from './spec';

/** The most points a signature may carry over the contract: the pads keep no more either. */
const maxSignaturePoints = 20_000;

/**
 * A signature as strokes in its capturing surface's coordinates: a pad's extent, or the on-screen
 * drawing area in CSS pixels. The codec scales them into the receipt canvas.
 */
export const signatureStrokesSchema = z
  .object({
    width: z.number().positive().max(100_000),
    height: z.number().positive().max(100_000),
    strokes: z
      .array(
        z
          .array(z.object({ x: z.number().finite(), y: z.number().finite() }).strict())
          .min(1)
          .max(maxSignaturePoints),
        { error: 'expected a list of strokes, each a list of points' },
      )
      .min(1, { error: 'nothing was signed' })
      .max(1000),
  })
  .strict()
  .superRefine((signature, context) => {
    let points = 0;
    signature.strokes.forEach((stroke, index) => {
      points += stroke.length;
      if (
        stroke.some((point) => point.x < 0 || point.y < 0 || point.x > signature.width || point.y > signature.height)
      ) {
        context.addIssue({
          code: 'custom',
          path: ['strokes', index],
          message: `a point lies outside the ${signature.width} x ${signature.height} surface`,
        });
      }
    });
    if (points > maxSignaturePoints)
      context.addIssue({ code: 'custom', path: ['strokes'], message: `more than ${maxSignaturePoints} points` });
  });
export type SignatureStrokesInput = z.input<typeof signatureStrokesSchema>;

export { signatureSources, type SignatureResult, type SignatureSession, type SignatureSource };

export const signatureCommands = {
  'signature.session': command<SignatureSession>()('The signature capture\u2019s state.', noArgs),
  'signature.begin': command<SignatureSession>()(
    'Starts a signature capture on a pad or on the screen (by default as the `signature.capture` setting says). Ends any capture in progress.',
    z
      .object({
        source: z.enum(signatureSources).optional(),
        deviceId: z.string().max(32).optional(),
      })
      .strict(),
  ),
  'signature.clear': command<SignatureSession>()('Throws the strokes so far away; the capture goes on.', noArgs),
  'signature.accept': command<SignatureResult>()('Accepts what was signed on the pad.', noArgs),
  'signature.submit': command<SignatureResult>()(
    'Accepts a signature drawn on the screen, as strokes in the drawing area\u2019s CSS pixels.',
    z.object({ signature: signatureStrokesSchema }).strict(),
  ),
  'signature.cancel': command<{ readonly canceled: boolean }>()('Ends the capture without a signature.', noArgs),
  'signature.recorded': command<string[]>()(
    'Training: the names of the recorded signatures the training pad can sign.',
    noArgs,
  ),
  'signature.replay': command<{ readonly signed: true }>()(
    'Training: the training pad signs a recorded signature during a capture, in real time.',
    z.object({ name: z.string().min(1).max(64) }).strict(),
  ),
} as const;

export const signatureEvents = {
  'signature.session': event<SignatureSession>('A signature capture began, was accepted, or ended.'),
  'signature.ink': event<{
    readonly stroke: number;
    readonly points: ReadonlyArray<{ readonly x: number; readonly y: number }>;
  }>('Points the signer just drew on the pad, in the pad\u2019s coordinates, for the live preview.'),
  'signature.cleared': event<Record<string, never>>(
    'The strokes so far were thrown away (Clear on the screen or the pad).',
  ),
} as const;
