import type { Keystroke } from '../../../drivers/transport/keyboard-wedge';

/**
 * The keystrokes a keyboard-mode reader sends for one output: every character `gapMs` apart
 * (USB keyboards report every 1-10 ms), then Enter, starting at `start`.
 */
export function readerKeystrokes(output: string, start: number, gapMs = 4): Keystroke[] {
  const strokes = [...output].map((key, i) => ({ key, at: start + i * gapMs }));
  strokes.push({ key: 'Enter', at: start + output.length * gapMs });
  return strokes;
}
