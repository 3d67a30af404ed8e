import type { PosApi } from '../../src-main/ipc/contract';

const editable = (element: Element | null): element is HTMLInputElement | HTMLTextAreaElement =>
  (element instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'submit', 'reset', 'file', 'range', 'color'].includes(element.type)) || element instanceof HTMLTextAreaElement;

/**
 * Types a key a person pressed, after the reader's wedge let it through: a keydown the screen's
 * own key handlers see (untrusted, so this router leaves it alone), then what the browser would
 * have done by default: the character into the focused field, or Enter's click or submit.
 */
export function typeKey(doc: Document, key: string): void {
  const target = doc.activeElement ?? doc.body;
  const keydown = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
  if (!target.dispatchEvent(keydown)) return;
  if (key === 'Enter') {
    if (target instanceof HTMLButtonElement) target.click();
    else if (editable(target) && target.form) target.form.requestSubmit();
    return;
  }
  if (!editable(target)) return;
  // execCommand types as the keyboard would (undo stack, input event); where it is missing, the
  // same edit by hand: React sees the value change on the input event.
  if (typeof doc.execCommand === 'function' && doc.execCommand('insertText', false, key)) return;
  target.setRangeText(key, target.selectionStart ?? target.value.length, target.selectionEnd ?? target.value.length, 'end');
  target.dispatchEvent(new Event('input', { bubbles: true }));
}

export interface WedgeRouterOptions {
  /** Whether a keydown came from the keyboard (a person or a reader); tests stand in for isTrusted. */
  readonly fromKeyboard?: (event: KeyboardEvent) => boolean;
}

/**
 * Browser mode's half of a keyboard-mode card reader (the Electron shell does this in its main
 * process). A reader types into the same keyboard as the cashier, so every printable key and
 * Enter is held from the page and sent to the main process's wedge, which times it: keys that
 * are a reader's burst become a card read and never reach a field; keys a person typed come
 * back (at once, or as `devices.keysReleased` after the wedge's pause) and are typed then. Both
 * answers arrive over the one connection in the order the wedge decided them, so keys are typed
 * in order. When the main process cannot be asked, the key is typed: nothing a person types is lost.
 */
export function routeKeysThroughReader(win: Window, pos: PosApi, options: WedgeRouterOptions = {}): () => void {
  const fromKeyboard = options.fromKeyboard ?? ((event: KeyboardEvent) => event.isTrusted);
  const onKeyDown = (event: KeyboardEvent) => {
    if (!fromKeyboard(event) || event.ctrlKey || event.altKey || event.metaKey || event.isComposing) return;
    if (event.key.length !== 1 && event.key !== 'Enter') return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const { key } = event;
    void pos.devices.keystroke({ key }).then((reply) => {
      if (!reply.ok || !reply.result.consumed) typeKey(win.document, key);
    });
  };
  const controller = new AbortController();
  pos.onEvent('devices.keysReleased', ({ keys }) => keys.forEach((key) => typeKey(win.document, key)), { signal: controller.signal });
  win.addEventListener('keydown', onKeyDown, { capture: true });
  return () => {
    controller.abort();
    win.removeEventListener('keydown', onKeyDown, { capture: true });
  };
}

/** True when this page must route keys: browser mode with a card reader in keyboard mode. */
export function needsWedgeRouting(shell: string | undefined, devices: ReadonlyArray<{ kind: string; transport: string }>): boolean {
  return shell === 'browser' && devices.some((device) => device.kind === 'card-reader' && device.transport === 'keyboard-wedge');
}
