import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { needsWedgeRouting, routeKeysThroughReader } from '../../../src-renderer/pos/reader-wedge';
import { trainingCounter } from '../support/render-counter';
import { stubPos } from '../support/stub-pos';

afterEach(cleanup);

function Field() {
  const [value, setValue] = useState('');
  return (
    <label>
      Item
      <input value={value} onChange={(event) => setValue(event.target.value)} />
    </label>
  );
}

/** A page with one React field, its keys routed through a wedge that consumes what `consumes` says. */
function routedPage(consumes: (key: string) => boolean) {
  const stub = stubPos({
    info: trainingCounter,
    answers: { 'devices.keystroke': (args) => ({ consumed: consumes((args as { key: string }).key) }) },
  });
  // jsdom's events are never trusted: the keydowns this test fires stand for the keyboard.
  const fromKeyboard = new WeakSet<Event>();
  const stop = routeKeysThroughReader(window, stub.pos, { fromKeyboard: (event) => fromKeyboard.has(event) });
  render(<Field />);
  const field = screen.getByLabelText('Item') as HTMLInputElement;
  field.focus();
  const press = async (key: string) =>
    act(async () => {
      const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
      fromKeyboard.add(event);
      fireEvent(field, event);
    });
  return { ...stub, stop, field, press };
}

/** A page whose wedge holds each key for 50 ms of the page's time, until the page reports its pause. */
function routedPageHolding() {
  let heldUntil: number | undefined;
  const stub = stubPos({
    info: trainingCounter,
    answers: {
      'devices.keystroke': (args) => {
        heldUntil = (args as { at: number }).at + 50;
        return { consumed: true, settleAt: heldUntil };
      },
      'devices.keysPaused': (args) => {
        if (heldUntil !== undefined && (args as { at: number }).at >= heldUntil) heldUntil = undefined;
        return { consumed: true, ...(heldUntil !== undefined && { settleAt: heldUntil }) };
      },
    },
  });
  const fromKeyboard = new WeakSet<Event>();
  const stop = routeKeysThroughReader(window, stub.pos, { fromKeyboard: (event) => fromKeyboard.has(event) });
  /** `timeStamp`: the browser's stamp for the key (by default, when the event is made). */
  const press = async (key: string, timeStamp?: number) =>
    act(async () => {
      const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
      if (timeStamp !== undefined) Object.defineProperty(event, 'timeStamp', { value: timeStamp });
      fromKeyboard.add(event);
      fireEvent(window, event);
    });
  return { ...stub, stop, press };
}

describe('routing the keyboard through a keyboard-mode reader (browser mode)', () => {
  it('types what a person typed, in order, after the wedge lets it through', async () => {
    const { field, press, calls, stop } = routedPage(() => false);
    for (const key of 'Mug') await press(key);
    expect(field.value).toBe('Mug');
    expect(calls.map(([name, args]) => [name, (args as { key: string }).key])).toEqual([
      ['devices.keystroke', 'M'],
      ['devices.keystroke', 'u'],
      ['devices.keystroke', 'g'],
    ]);
    stop();
  });

  it('keeps a reader burst out of the field, and types held keys when the wedge releases them by number', async () => {
    const { field, press, emit, calls, stop } = routedPage(() => true);
    for (const key of ';4788') await press(key);
    expect(field.value).toBe('');
    expect(calls.map(([, args]) => (args as { seq: number }).seq)).toEqual([1, 2, 3, 4, 5]);
    // The wedge's pause ended: the last two were a person's keys after all; the first three,
    // never released, were a burst and are forgotten (a later release does not type them).
    await act(async () => emit('devices.keysReleased', { seqs: [4, 5] }));
    expect(field.value).toBe('88');
    await act(async () => emit('devices.keysReleased', { seqs: [1, 2, 3] }));
    expect(field.value).toBe('88');
    stop();
  });

  it('sends each key with the time it was pressed, and reports the pause once its clock passes settleAt', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      const { press, calls, stop } = routedPageHolding();
      await press('5');
      const [name, args] = calls[0] ?? [];
      expect(name).toBe('devices.keystroke');
      const pressedAt = (args as { at: number }).at;
      expect(pressedAt).toBeGreaterThanOrEqual(0);
      // The wedge holds the key until pressedAt + 50 on this page's clock, and the page waits
      // 150 ms with no key reaching it (a late key may be on its way): no pause is said before.
      await act(async () => vi.advanceTimersByTime(149));
      expect(calls.map(([called]) => called)).toEqual(['devices.keystroke']);
      await act(async () => vi.advanceTimersByTime(5));
      expect(calls.map(([called]) => called)).toEqual(['devices.keystroke', 'devices.keysPaused']);
      expect((calls[1]?.[1] as { at: number }).at).toBeGreaterThanOrEqual(pressedAt + 50);
      // The wedge has settled: nothing more is said.
      await act(async () => vi.advanceTimersByTime(2000));
      expect(calls).toHaveLength(2);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends a key pressed before the page began at 0, as Chromium stamps it, never at its late arrival', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      // Chromium stamps a key with the time it was pressed, or 0 when before the page began.
      const { calls, stop, press: key } = routedPageHolding();
      // The page is 4 s old when a reader's 8 s burst reaches it: its first keys were pressed
      // before the page began, and a busy browser hands them on 100 ms apart; timed by their
      // arrival they would look like a person's pauses and cut the burst. Then come keys stamped
      // after the page began, 20 ms apart.
      await act(async () => vi.advanceTimersByTime(4000));
      for (const character of '%B47') {
        await key(character, 0);
        await act(async () => vi.advanceTimersByTime(100));
      }
      for (const [index, character] of [...'88^'].entries()) await key(character, 10 + index * 20);
      const keystrokes = calls.filter(([name]) => name === 'devices.keystroke');
      expect(keystrokes.map(([, args]) => (args as { at: number }).at)).toEqual([0, 0, 0, 0, 10, 30, 50]);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('times every key by its own stamp when the page’s clock lags the browser’s, however late each arrives', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      // The page's clock runs 50 ms behind the browser's key stamps (a fake clock installed
      // after the page began), and a busy browser hands the burst's keys on late, unevenly.
      const { calls, stop, press: key } = routedPageHolding();
      await act(async () => vi.advanceTimersByTime(1000));
      await key('1', 1050);
      await act(async () => vi.advanceTimersByTime(60));
      await key('2', 1054);
      await act(async () => vi.advanceTimersByTime(1));
      await key('3', 1058);
      const keystrokes = calls.filter(([name]) => name === 'devices.keystroke');
      // One clock: the burst's 4 ms gaps, never a key timed by its arrival (which cut the burst).
      expect(keystrokes.map(([, args]) => (args as { at: number }).at)).toEqual([1050, 1054, 1058]);
      // The pause is said on the same clock, once it passed what the wedge holds the keys until.
      await act(async () => vi.advanceTimersByTime(500));
      const paused = calls.filter(([name]) => name === 'devices.keysPaused');
      expect((paused[0]?.[1] as { at: number }).at).toBeGreaterThanOrEqual(1058 + 50);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits longer before cutting a machine-length burst that has not ended with its Enter', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      const { press, calls, stop } = routedPageHolding();
      // Sixteen keys held at once: no person types that under the wedge's gap, so the rest of
      // the burst (and its Enter) may be held up in a busy browser; a pause now would cut it.
      for (const key of '0123456789ABCDEF') await press(key);
      const said = () => calls.filter(([called]) => called === 'devices.keysPaused').length;
      await act(async () => vi.advanceTimersByTime(400));
      expect(said()).toBe(0);
      // The last key of the burst arrives late, by its own time: still no pause is said.
      await press('0');
      await act(async () => vi.advanceTimersByTime(1999));
      expect(said()).toBe(0);
      // Silence long after: the pause is said, and the wedge settles what it holds.
      await act(async () => vi.advanceTimersByTime(5));
      expect(said()).toBe(1);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says no pause while the browser still holds keys for the page, and says it once they are in', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    let pending = true;
    Object.defineProperty(window.navigator, 'scheduling', {
      configurable: true,
      value: { isInputPending: () => pending },
    });
    try {
      const { press, calls, stop } = routedPageHolding();
      const said = () => calls.filter(([called]) => called === 'devices.keysPaused').length;
      await press('0');
      // A busy renderer: the rest of the burst waits in the browser's queue.
      await act(async () => vi.advanceTimersByTime(1000));
      expect(said()).toBe(0);
      pending = false;
      await act(async () => vi.advanceTimersByTime(151));
      expect(said()).toBe(1);
      stop();
    } finally {
      Reflect.deleteProperty(window.navigator, 'scheduling');
      vi.useRealTimers();
    }
  });

  it('types a key where it was pressed, even when a Tab moved the focus while the wedge decided', async () => {
    const stub = stubPos({ info: trainingCounter, answers: { 'devices.keystroke': () => ({ consumed: false }) } });
    const fromKeyboard = new WeakSet<Event>();
    const stop = routeKeysThroughReader(window, stub.pos, { fromKeyboard: (event) => fromKeyboard.has(event) });
    const clicked: string[] = [];
    render(
      <>
        <button onClick={() => clicked.push('add')}>Add an item</button>
        <button onClick={() => clicked.push('pay')}>Pay</button>
      </>,
    );
    screen.getByRole('button', { name: 'Add an item' }).focus();
    await act(async () => {
      const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
      fromKeyboard.add(enter);
      fireEvent(document.activeElement!, enter);
      // A Tab is never held: it moves the focus before the wedge's answer comes back.
      screen.getByRole('button', { name: 'Pay' }).focus();
    });
    expect(clicked).toEqual(['add']);
    stop();
  });

  it('leaves keys alone once stopped, and routes only in browser mode with a keyboard-mode reader or at a kiosk', async () => {
    const { field, press, calls, stop } = routedPage(() => true);
    stop();
    await press('x');
    expect(calls).toEqual([]);
    expect(field.value).toBe('');
    expect(needsWedgeRouting('browser', [{ kind: 'card-reader', transport: 'keyboard-wedge' }])).toBe(true);
    expect(needsWedgeRouting('electron', [{ kind: 'card-reader', transport: 'keyboard-wedge' }])).toBe(false);
    expect(needsWedgeRouting('browser', [{ kind: 'card-reader', transport: 'emulated' }])).toBe(false);
    // A kiosk's keyboard-mode barcode scanner is told apart by the same wedge, whatever its reader.
    expect(needsWedgeRouting('browser', [{ kind: 'card-reader', transport: 'emulated' }], 'kiosk')).toBe(true);
    expect(needsWedgeRouting('electron', [], 'kiosk')).toBe(false);
  });
});
