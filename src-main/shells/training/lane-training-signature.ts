import { join } from 'node:path';
import { defaultAssetsDir } from '../../lane/core/assets';
import { loadSignatures } from '../../stand-ins/devices/signature-replay';
import type { SignatureStroke } from '../../stand-ins/terminal-emulator/terminal-device';

/** The recorded signature the training terminal signs with (assets/signatures/neat-name.json). */
const recordedName = 'neat-name';

/** A name drawn in three strokes: what the terminal signs when the recorded signatures cannot be read. */
const drawn: readonly SignatureStroke[] = [
  [
    { x: 0.1, y: 0.7 },
    { x: 0.18, y: 0.3 },
    { x: 0.26, y: 0.7 },
    { x: 0.34, y: 0.3 },
  ],
  [
    { x: 0.4, y: 0.65 },
    { x: 0.5, y: 0.35 },
    { x: 0.6, y: 0.6 },
    { x: 0.7, y: 0.4 },
  ],
  [
    { x: 0.1, y: 0.8 },
    { x: 0.85, y: 0.78 },
  ],
];

/**
 * Training's signature on the integrated terminal's screen: one of training's recorded
 * signatures, scaled into the screen's pixels (`width` x `height`), or a drawn one when the
 * assets folder has none.
 */
export function trainingTerminalSignature(
  assetsDir: string | undefined,
  screen: { readonly width: number; readonly height: number },
): readonly SignatureStroke[] {
  const place = (x: number, y: number) => ({
    x: Math.min(screen.width, Math.max(0, Math.round(x * screen.width))),
    y: Math.min(screen.height, Math.max(0, Math.round(y * screen.height))),
  });
  let recorded;
  try {
    const signatures = loadSignatures(join(assetsDir ?? defaultAssetsDir(), 'signatures'));
    recorded = signatures.get(recordedName) ?? [...signatures.values()][0];
  } catch {
    recorded = undefined;
  }
  if (!recorded) return drawn.map((stroke) => stroke.map((point) => place(point.x, point.y)));
  const { width, height } = recorded;
  return recorded.strokes
    .map((stroke) => stroke.map((point) => place(point.x / width, point.y / height)))
    .filter((stroke) => stroke.length > 0);
}
