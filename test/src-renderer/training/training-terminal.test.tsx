import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TrainingTerminalAction, TrainingTerminalView } from '../../../src-main/lane/ipc/contract';
import { renderCounter } from '../support/render-counter';
import { StubRefusal } from '../support/stub-pos';

afterEach(cleanup);

const idle: TrainingTerminalView = {
  hsn: 'TRAIN0001',
  deviceType: 'iSC250 Touch',
  connected: true,
  text: '',
  prompt: { kind: 'none' },
  command: null,
  cards: [
    { id: 'visa', label: 'Visa, approves', maskedPan: '************1443', methods: ['insert', 'tap', 'swipe'] },
    { id: 'stripe-only', label: 'Visa, magnetic stripe only', maskedPan: '************1443', methods: ['swipe'] },
  ],
};

const asking = (prompt: TrainingTerminalView['prompt'], text = ''): TrainingTerminalView => ({
  ...idle,
  text,
  prompt,
  command: 'authCard',
});

/** The counter with the terminal's screen as the core answers it; each action answers `after(action)`. */
async function renderTerminal(
  first: TrainingTerminalView | null,
  after: (action: TrainingTerminalAction) => TrainingTerminalView = () => idle,
) {
  return renderCounter({
    answers: {
      'training.terminalScreen': () => first,
      'training.terminalAction': (args) => after(args as TrainingTerminalAction),
    },
  });
}

const terminal = () => screen.getByRole('region', { name: 'Payment terminal' });
const actions = (calls: Array<[string, unknown]>) =>
  calls.filter(([name]) => name === 'training.terminalAction').map(([, args]) => args);

describe('the training terminal', () => {
  it('is not drawn when the lane takes cards on its own reader', async () => {
    await renderTerminal(null);
    expect(screen.queryByRole('region', { name: 'Payment terminal' })).toBeNull();
  });

  it('keeps the terminal\u2019s newer screen when an action\u2019s answer arrives after it: the Sign button is not drawn over', async () => {
    let answer: (view: TrainingTerminalView) => void = () => undefined;
    const { emit } = await renderCounter({
      answers: {
        'training.terminalScreen': () => asking({ kind: 'card', amountMinor: 2950, methods: ['insert'] }),
        'training.terminalAction': () => new Promise<TrainingTerminalView>((resolve) => (answer = resolve)),
      },
    });
    await act(
      async () => void fireEvent.click(within(terminal()).getByRole('button', { name: 'Insert Visa, approves' })),
    );
    // The terminal asks for the signature (its event) before the insert's own answer comes back.
    await act(async () => emit('training.terminalScreen', asking({ kind: 'signature', text: 'Please sign' })));
    await act(async () => answer(asking({ kind: 'none' })));
    expect(within(terminal()).getByRole('button', { name: 'Sign on the terminal' })).toBeTruthy();
  });

  it('draws the idle terminal, then follows its screen event: the card prompt offers the deck by the ways it takes cards', async () => {
    const { calls, emit } = await renderTerminal(idle);
    expect(within(terminal()).getByTestId('terminal-display').textContent).toBe('Welcome');
    expect(within(terminal()).getByRole('status', { name: 'Terminal network' }).textContent).toBe('Connected');
    expect(within(terminal()).queryByRole('button', { name: 'Insert Visa, approves' })).toBeNull();

    await act(async () =>
      emit('training.terminalScreen', asking({ kind: 'card', amountMinor: 2360, methods: ['insert', 'tap', 'swipe'] })),
    );
    expect(within(terminal()).getByTestId('terminal-display').textContent).toBe('$23.60Insert, tap or swipe');
    expect(within(terminal()).queryByRole('button', { name: 'Insert Visa, magnetic stripe only' })).toBeNull();
    await act(
      async () => void fireEvent.click(within(terminal()).getByRole('button', { name: 'Insert Visa, approves' })),
    );
    expect(actions(calls)).toEqual([{ action: 'present', cardId: 'visa', method: 'insert' }]);
    expect(screen.getByTestId('training-note').textContent).toBe('Inserted Visa, approves (…1443) on the terminal.');
    // The card's number is never whole on the screen.
    expect(terminal().textContent).not.toMatch(/\d{13}/);
  });

  it('takes a PIN on its keypad as dots, clears it, and sends it with Enter', async () => {
    const { calls } = await renderTerminal(asking({ kind: 'pin', amountMinor: 2360 }));
    const pad = within(terminal()).getByRole('group', { name: 'PIN pad' });
    for (const digit of ['9', '9'])
      await act(async () => void fireEvent.click(within(pad).getByRole('button', { name: `PIN digit ${digit}` })));
    expect(within(pad).getByTestId('terminal-pin').textContent).toBe('\u2022\u2022');
    await act(async () => void fireEvent.click(within(pad).getByRole('button', { name: 'Clear PIN' })));
    for (const digit of ['4', '3', '2', '1'])
      await act(async () => void fireEvent.click(within(pad).getByRole('button', { name: `PIN digit ${digit}` })));
    expect(within(pad).getByTestId('terminal-pin').textContent).toBe('\u2022\u2022\u2022\u2022');
    // The digits are on no part of the page.
    expect(document.body.textContent).not.toContain('4321');
    await act(async () => void fireEvent.click(within(pad).getByRole('button', { name: 'Enter PIN' })));
    expect(actions(calls)).toEqual([{ action: 'pin', pin: '4321' }]);
    // The answered screen (idle) replaces the pad.
    expect(within(terminal()).queryByRole('group', { name: 'PIN pad' })).toBeNull();
  });

  it('offers each tip preset with its amount, a custom tip and no tip', async () => {
    const tip = asking({ kind: 'tip', amountMinor: 2000, presets: [15, 18, 20], custom: true }, 'Add a tip?');
    const { calls } = await renderTerminal(tip, () => tip);
    const choices = within(terminal()).getByRole('group', { name: 'Tip' });
    expect(within(choices).getByRole('button', { name: 'Tip 18% $3.60' }).textContent).toBe('18% $3.60');
    await act(async () => void fireEvent.click(within(choices).getByRole('button', { name: 'Tip 18% $3.60' })));
    fireEvent.change(within(choices).getByLabelText('Custom tip amount'), { target: { value: '2.50' } });
    await act(async () => void fireEvent.click(within(choices).getByRole('button', { name: 'Custom tip' })));
    await act(async () => void fireEvent.click(within(choices).getByRole('button', { name: 'No tip' })));
    expect(actions(calls)).toEqual([
      { action: 'tip', tipMinor: 360 },
      { action: 'tip', tipMinor: 250 },
      { action: 'tip', tipMinor: 0 },
    ]);
  });

  it('answers yes or no and presses the red key', async () => {
    const confirm = asking({ kind: 'confirm', text: 'Total $23.60\nOK?' });
    const { calls } = await renderTerminal(confirm, () => confirm);
    expect(within(terminal()).getByTestId('terminal-display').textContent).toBe('Total $23.60OK?');
    await act(async () => void fireEvent.click(within(terminal()).getByRole('button', { name: 'Yes' })));
    await act(async () => void fireEvent.click(within(terminal()).getByRole('button', { name: 'No' })));
    await act(
      async () => void fireEvent.click(within(terminal()).getByRole('button', { name: 'Cancel on the terminal' })),
    );
    expect(actions(calls)).toEqual([
      { action: 'confirm', yes: true },
      { action: 'confirm', yes: false },
      { action: 'cancel' },
    ]);
  });

  it('a signature prompt has a Sign button; a refusal becomes the training note', async () => {
    const signing = asking({ kind: 'signature', text: 'Please sign' });
    await renderTerminal(signing, () => {
      throw new StubRefusal({
        code: 'failed_precondition',
        message: 'The terminal is off the network: bring it back on the network first.',
      });
    });
    await act(
      async () => void fireEvent.click(within(terminal()).getByRole('button', { name: 'Sign on the terminal' })),
    );
    expect(screen.getByTestId('training-note').textContent).toBe(
      'The terminal is off the network: bring it back on the network first.',
    );
    expect(screen.getByTestId('training-note').getAttribute('data-ok')).toBe('false');
  });

  it('the trainer takes it off the network and back, reboots it and loses its next answer', async () => {
    const { calls } = await renderTerminal(idle, (action) =>
      action.action === 'network' ? { ...idle, connected: action.connected } : idle,
    );
    const faults = within(terminal()).getByRole('group', { name: 'Trainer\u2019s terminal faults' });
    await act(async () => void fireEvent.click(within(faults).getByRole('button', { name: 'Off network' })));
    expect(within(terminal()).getByRole('status', { name: 'Terminal network' }).textContent).toBe('Offline');
    await act(async () => void fireEvent.click(within(faults).getByRole('button', { name: 'Back on network' })));
    await act(async () => void fireEvent.click(within(faults).getByRole('button', { name: 'Reboot' })));
    await act(async () => void fireEvent.click(within(faults).getByRole('button', { name: 'Lose next answer' })));
    expect(actions(calls)).toEqual([
      { action: 'network', connected: false },
      { action: 'network', connected: true },
      { action: 'reboot' },
      { action: 'loseNextAnswer' },
    ]);
    expect(screen.getByTestId('training-note').textContent).toMatch(/next answer will be lost/);
  });
});
