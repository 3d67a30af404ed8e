import type { Clock } from '../../platform/clock';
import type { Keystroke } from '../../../drivers/transport/keyboard-wedge';
import type { Input, WebContents } from './electron-api';
import { windowCaller } from './ipc';

type InputListener = (event: { preventDefault(): void }, input: Input) => void;

/** The part of a WebContents this needs. */
export interface KeyboardContents {
  on(event: 'before-input-event', listener: InputListener): unknown;
  off(event: 'before-input-event', listener: InputListener): unknown;
  sendInputEvent: WebContents['sendInputEvent'];
  isDestroyed(): boolean;
  readonly id: number;
}

export interface KeystrokeSink {
  keystroke(stroke: Keystroke): boolean;
  onRelease(listener: (keys: readonly Keystroke[]) => void): () => void;
}

/** How long a re-typed key is expected back in before-input-event before it is forgotten. */
const echoWindowMs = 250;

/**
 * Routes the window's keystrokes through the keyboard wedge before the page sees them, so a
 * keyboard-mode card reader's output is taken out (and never typed into a field), and a
 * person's keys that were held back while the wedge decided are typed again with
 * `sendInputEvent`. Shortcuts (Ctrl, Alt, Meta) are never reader data and pass untouched; so does
 * Shift on its own. A kiosk's keyboard-mode barcode scanner goes through the same wedge.
 * Returns a function that stops the routing.
 */
export function routeReaderKeystrokes(
  contents: KeyboardContents,
  sink: KeystrokeSink,
  /** Times each key on arrival (`monotonic`: the wedge measures gaps); the lane's clock. */
  clock: Pick<Clock, 'monotonic'>,
): () => void {
  // The wedge is shared by every window: a key held in this one is typed again in this one only.
  const { source } = windowCaller(contents.id);
  // Keys this function typed again: when Electron passes them back through before-input-event
  // they go straight to the page.
  const echoes: Array<{ key: string; until: number }> = [];
  const listener: InputListener = (event, input) => {
    if (input.type !== 'keyDown' || input.control || input.alt || input.meta) return;
    // A reader or scanner presses Shift for each capital or "%": that is no key of the burst, and
    // must not end it (the page gets it as ever; the character's own key carries the shift).
    if (input.key === 'Shift') return;
    const at = clock.monotonic();
    while (echoes.length > 0 && (echoes[0]?.until ?? 0) < at) echoes.shift();
    if (echoes[0]?.key === input.key) {
      echoes.shift();
      return;
    }
    if (sink.keystroke({ key: input.key, at, source })) event.preventDefault();
  };
  contents.on('before-input-event', listener);
  const stopRelease = sink.onRelease((keys) => {
    if (contents.isDestroyed()) return;
    for (const { key } of keys.filter((stroke) => stroke.source === source)) {
      echoes.push({ key, until: clock.monotonic() + echoWindowMs });
      contents.sendInputEvent({ type: 'keyDown', keyCode: key });
      if (key.length === 1) contents.sendInputEvent({ type: 'char', keyCode: key });
      contents.sendInputEvent({ type: 'keyUp', keyCode: key });
    }
  });
  return () => {
    stopRelease();
    contents.off('before-input-event', listener);
  };
}
