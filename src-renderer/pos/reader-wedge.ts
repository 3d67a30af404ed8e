import type { PosApi } from '../../src-main/ipc/contract';

const editable = (element: Element | null): element is HTMLInputElement | HTMLTextAreaElement =>
  (element instanceof HTMLInputElement &&
    !['button', 'checkbox', 'radio', 'submit', 'reset', 'file', 'range', 'color'].includes(element.type)) ||
  element instanceof HTMLTextAreaElement;

/**
 * Types a key a person pressed, after the reader's wedge let it through: a keydown the screen's
 * own key handlers see (untrusted, so this router leaves it alone), then what the browser would
 * have done by default: the character into the field, or Enter's click or submit. `pressedOn` is
 * what had the focus when the key was pressed: a Tab (never held) may have moved the focus
 * while the wedge decided, and the key belongs where it was pressed.
 */
export function typeKey(doc: Document, key: string, pressedOn?: Element | null): void {
  const target = pressedOn?.isConnected ? pressedOn : (doc.activeElement ?? doc.body);
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
  if (
    target === doc.activeElement &&
    typeof doc.execCommand === 'function' &&
    doc.execCommand('insertText', false, key)
  )
    return;
  target.setRangeText(
    key,
    target.selectionStart ?? target.value.length,
    target.selectionEnd ?? target.value.length,
    'end',
  );
  target.dispatchEvent(new Event('input', { bubbles: true }));
}

export interface WedgeRouterOptions {
  /** Whether a keydown came from the keyboard (a person or a reader); tests stand in for isTrusted. */
  readonly fromKeyboard?: (event: KeyboardEvent) => boolean;
}

/** The most keystrokes kept waiting for the wedge's answer; a reader burst is at most 4096. */
const maxPendingKeys = 4096;

/**
 * Browser mode's half of a keyboard-mode card reader (the Electron shell does this in its main
 * process). A reader types into the same keyboard as the cashier, so every printable key and
 * Enter is held from the page and sent to the main process's wedge, which times it: keys that
 * are a reader's burst become a card read and never reach a field; keys a person typed come
 * back (at once, or as `devices.keysReleased` after the wedge's pause) and are typed then. The
 * release names keystrokes by the `seq` this page gave them and never carries a key, so a PIN
 * or a keyed card number never comes back over the bridge; the page keeps each key until the
 * wedge has decided it. Both answers arrive over the one connection in the order the wedge
 * decided them, so keys are typed in order, and a key decided after older held ones means
 * those were a reader's burst: they are forgotten. When the main process cannot be asked, the
 * key is typed: nothing a person types is lost.
 */
export function routeKeysThroughReader(win: Window, pos: PosApi, options: WedgeRouterOptions = {}): () => void {
  const fromKeyboard = options.fromKeyboard ?? ((event: KeyboardEvent) => event.isTrusted);
  const pending = new Map<number, { key: string; pressedOn: Element | null }>();
  let lastSeq = 0;
  /** Forgets keys older than `seq` that were never released: they were card data. */
  const forgetBefore = (seq: number) => {
    for (const held of pending.keys()) if (held < seq) pending.delete(held);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (!fromKeyboard(event) || event.ctrlKey || event.altKey || event.metaKey || event.isComposing) return;
    if (event.key.length !== 1 && event.key !== 'Enter') return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const { key } = event;
    const seq = ++lastSeq;
    const pressedOn = win.document.activeElement;
    pending.set(seq, { key, pressedOn });
    if (pending.size > maxPendingKeys) forgetBefore(seq - maxPendingKeys);
    void pos.devices.keystroke({ key, seq }).then((reply) => {
      if (reply.ok && reply.result.consumed) return;
      pending.delete(seq);
      if (reply.ok) forgetBefore(seq);
      typeKey(win.document, key, pressedOn);
    });
  };
  const onReleased = ({ seqs }: { seqs: readonly number[] }) => {
    for (const seq of seqs) {
      const held = pending.get(seq);
      forgetBefore(seq);
      pending.delete(seq);
      if (held !== undefined) typeKey(win.document, held.key, held.pressedOn);
    }
  };
  const controller = new AbortController();
  pos.onEvent('devices.keysReleased', onReleased, { signal: controller.signal });
  win.addEventListener('keydown', onKeyDown, { capture: true });
  return () => {
    controller.abort();
    win.removeEventListener('keydown', onKeyDown, { capture: true });
  };
}

/**
 * True when this page must route keys: browser mode with a card reader in keyboard mode, or a
 * kiosk, whose keyboard-mode barcode scanner the main process's wedge tells apart too.
 */
export function needsWedgeRouting(
  shell: string | undefined,
  devices: ReadonlyArray<{ kind: string; transport: string }>,
  mode?: string,
): boolean {
  return (
    shell === 'browser' &&
    (mode === 'kiosk' ||
      devices.some((device) => device.kind === 'card-reader' && device.transport === 'keyboard-wedge'))
  );
}
