import type { PosApi } from '../../src-main/lane/ipc/contract';

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

/** The longest wait for the wedge's pause before the page says it anyway (its answer came late). */
const maxPauseWaitMs = 1000;

/**
 * How long no key must have reached this page before it reports a pause. Keys carry the time
 * they were pressed, but on a loaded machine they can reach the page late and one at a time
 * (the browser hands each on after the last was taken): the page's clock passing a key's time
 * stamp is no proof that no key pressed before then is still on its way.
 */
const deliveryQuietMs = 150;

/**
 * Held keys that can only be a machine's: no card record is shorter (the wedge's default
 * `minLength`), and no person types this many keys under the wedge's gap. A person's few held
 * keys come back after `deliveryQuietMs`; a machine's burst ends with its Enter, so the page
 * never says a pause that would cut it in two before the main process's own wait for a silent
 * page (2 s, KeyboardWedgeTransport's `senderSilenceMs`): a busy browser held the rest of a
 * reader's burst back for more than the 750 ms this once was, and the sale got half a swipe.
 */
const machineBurstKeys = 16;
const machineBurstQuietMs = 2000;

/**
 * Whether the browser holds input events not yet dispatched to this page (Chromium's
 * `navigator.scheduling.isInputPending`): a busy renderer's queued keys, which a pause said now
 * would cut from their burst. False where the browser cannot say.
 */
function inputPending(win: Window): boolean {
  const scheduling = (win.navigator as { scheduling?: { isInputPending?: (options?: object) => boolean } }).scheduling;
  try {
    return scheduling?.isInputPending?.({ includeContinuous: false }) === true;
  } catch {
    return false;
  }
}

/**
 * Browser mode's half of a keyboard-mode card reader (the Electron shell does this in its main
 * process). A reader types into the same keyboard as the cashier, so every printable key and
 * Enter is held from the page and sent to the main process's wedge with the time it was pressed
 * here (the event's time stamp), so a busy main process cannot stretch a burst into two. Keys
 * that are a reader's burst become a card read and never reach a field; keys a person typed come
 * back (at once, or as `devices.keysReleased` after the wedge's pause) and are typed then. The
 * pause is this page's to see: while the wedge holds keys it answers with `settleAt`, and when
 * this page's clock passes it with no other key pressed (and none has reached the page for a
 * while), the page says so (`devices.keysPaused`).
 * The release names keystrokes by the `seq` this page gave them and never carries a key, so a
 * PIN or a keyed card number never comes back over the bridge; the page keeps each key until the
 * wedge has decided it. Both answers arrive over the one connection in the order the wedge
 * decided them, so keys are typed in order, and a key decided after older held ones means those
 * were a reader's burst: they are forgotten. When the main process cannot be asked, the key is
 * typed: nothing a person types is lost.
 */
export function routeKeysThroughReader(win: Window, pos: PosApi, options: WedgeRouterOptions = {}): () => void {
  const fromKeyboard = options.fromKeyboard ?? ((event: KeyboardEvent) => event.isTrusted);
  const pending = new Map<number, { key: string; pressedOn: Element | null }>();
  let lastSeq = 0;
  let pauseTimer: number | undefined;
  let lastDelivered = Number.NEGATIVE_INFINITY;
  /** How far the browser's key stamps have been seen ahead of the page's clock: 0 in a real page. */
  let stampLead = 0;
  /** The browser's event clock, as the keys' stamps read it: the page's clock and the lead seen. */
  const eventNow = () => win.performance.now() + stampLead;
  /** Forgets keys older than `seq` that were never released: they were card data. */
  const forgetBefore = (seq: number) => {
    for (const held of pending.keys()) if (held < seq) pending.delete(held);
  };
  /** Waits for the page's clock to pass `settleAt` (the wedge's answer, for the last key sent). */
  const awaitPause = (settleAt: number | undefined, forSeq: number) => {
    // An answer to an older key says nothing of the newest one's pause.
    if (forSeq !== lastSeq) return;
    win.clearTimeout(pauseTimer);
    pauseTimer = undefined;
    if (settleAt === undefined) return;
    const now = eventNow();
    const quietMs = pending.size >= machineBurstKeys ? machineBurstQuietMs : deliveryQuietMs;
    const wait = Math.max(Math.min(Math.max(0, settleAt - now), maxPauseWaitMs), lastDelivered + quietMs - now) + 1;
    pauseTimer = win.setTimeout(function saySoon() {
      // Keys the browser has but has not handed to the page yet are no pause: wait for them.
      if (inputPending(win)) {
        pauseTimer = win.setTimeout(saySoon, deliveryQuietMs);
        return;
      }
      pauseTimer = undefined;
      const seq = lastSeq;
      void pos.devices.keysPaused({ at: eventNow() }).then((reply) => {
        if (reply.ok) awaitPause(reply.result.settleAt, seq);
      });
    }, wait);
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
    win.clearTimeout(pauseTimer);
    pauseTimer = undefined;
    // The key's own time, on the page's clock. Chromium stamps a key pressed before this page
    // began 0 (its time origin): the start of a burst typed while the page loaded. Those keys go
    // at 0, never at their arrival, or the browser's stalls between them (timed by arrival)
    // would cut the burst they began; the burst's later keys carry their own stamps just after
    // 0. The stamps run on the browser's event clock, which the page's clock may lag (a test's
    // fake clock starts after the page; a synthetic event may carry a stamp from the future):
    // every time this router says is on the event clock (`eventNow`), so each key goes at its
    // own stamp and a burst's gaps stay what they were. Timing some keys by their stamp and
    // others by their arrival (as a stamp ahead of the page's clock once was) cut a burst in two
    // on a busy machine.
    const stamped = event.timeStamp >= 0 && Number.isFinite(event.timeStamp);
    if (stamped) stampLead = Math.max(stampLead, event.timeStamp - win.performance.now());
    const now = eventNow();
    lastDelivered = now;
    const at = stamped ? Math.min(event.timeStamp, now) : now;
    void pos.devices.keystroke({ key, seq, at }).then((reply) => {
      if (reply.ok) awaitPause(reply.result.settleAt, seq);
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
    win.clearTimeout(pauseTimer);
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
