import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import deckFile from '../../../assets/test-cards.json';
import type { TestCardInfo } from '../../../src-main/lane/ipc/contract';
import { scenarios } from '../../../src-renderer/training/scenarios';
import { renderCounter } from '../support/render-counter';
import { StubRefusal } from '../support/stub-pos';

afterEach(cleanup);

const deck: TestCardInfo[] = [
  {
    id: 'visa-approve',
    label: 'Visa: approved',
    network: 'visa',
    scenario: 'approve',
    maskedPan: '478825******1443',
    methods: ['insert', 'tap', 'swipe'],
    amount: '12.00',
    note: 'Any amount under 1000.00 is approved.',
  },
  {
    id: 'visa-do-not-honor',
    label: 'Visa: do not honor',
    network: 'visa',
    scenario: 'decline',
    maskedPan: '401200******0026',
    methods: ['insert', 'swipe'],
    amount: '12.00',
    note: 'Declined with "Do not honor".',
  },
];

describe('the training panel', () => {
  it('names only deck cards, by methods they take, in every scenario step', () => {
    for (const scenario of scenarios) {
      for (const step of scenario.steps) {
        if (!step.card) continue;
        const card = (deckFile.cards as Array<{ id: string; methods: string[] }>).find(
          (candidate) => candidate.id === step.card!.id,
        );
        expect(card, `${scenario.id}: ${step.card.id}`).toBeDefined();
        expect(card!.methods).toContain(step.card.method);
      }
    }
    expect(scenarios.map((scenario) => scenario.id)).toEqual([
      'approve',
      'surcharge',
      'decline',
      'partial',
      'timeout',
      'signature',
      'chip-fallback',
      'void',
      'refund',
      'end-of-day',
      'cash',
      'split',
      'shift',
      'x-then-z',
      'network-down',
      'dns-failure',
      'offline-decline',
    ]);
  });

  it('presents a deck card for the sale being paid, says what it did, and keeps the focus where it was', async () => {
    const { calls } = await renderCounter({
      answers: { 'devices.testCards': () => deck, 'terminal.sale': () => new Promise(() => undefined) },
    });
    await act(async () => void fireEvent.keyDown(window, { key: '7' }));
    await act(async () => void fireEvent.keyDown(window, { key: 'Enter' }));
    const focused = document.activeElement;
    const insert = screen.getByTestId('deck-visa-approve-insert');
    // A mouse press on a deck button does not take the focus.
    expect(fireEvent.mouseDown(insert)).toBe(false);
    await act(async () => void fireEvent.click(insert));
    expect(calls.find(([name]) => name === 'devices.presentTestCard')?.[1]).toEqual({
      cardId: 'visa-approve',
      method: 'insert',
      amountMinor: 7,
    });
    expect(screen.getByTestId('training-note').textContent).toBe(
      'Inserted Visa: approved (…1443) on the training reader.',
    );
    expect(document.activeElement).toBe(focused);
  });

  it('walks a scenario: its steps, its card buttons, its controls, and what went wrong in words', async () => {
    const { calls } = await renderCounter({
      answers: {
        'devices.testCards': () => deck,
        'devices.presentTestCard': () =>
          Promise.reject(
            new StubRefusal({
              code: 'invalid_argument',
              message: 'Visa: approved cannot be presented by tap; use insert or swipe.',
            }),
          ),
      },
    });
    fireEvent.change(screen.getByLabelText('Practise'), { target: { value: 'timeout' } });
    const guide = screen.getByTestId('scenario-timeout');
    expect(within(guide).getAllByRole('listitem')).toHaveLength(3);
    await act(async () => void fireEvent.click(within(guide).getByTestId('lose-next-answer')));
    expect(calls.some(([name]) => name === 'training.loseNextAnswer')).toBe(true);
    expect(screen.getByTestId('training-note').textContent).toMatch(/next answer will be lost/);
    await act(async () => void fireEvent.click(within(guide).getAllByTestId('step-visa-approve-insert')[0]!));
    expect(screen.getByTestId('training-note').textContent).toBe(
      'Visa: approved cannot be presented by tap; use insert or swipe.',
    );
    expect(screen.getByTestId('training-note').getAttribute('data-ok')).toBe('false');
  });
});

describe('the offline scenarios', () => {
  it('say whether offline payments are on, take the network down, make DNS fail and bring it back', async () => {
    const { calls } = await renderCounter({ answers: { 'devices.testCards': () => deck } });
    fireEvent.change(screen.getByLabelText('Practise'), { target: { value: 'network-down' } });
    const guide = screen.getByTestId('scenario-network-down');
    // The guide repeats the core's word on the setting the scenario needs.
    expect(within(guide).getByTestId('scenario-needs').textContent).toBe('Offline card payments are on at this lane.');
    await act(async () => void fireEvent.click(within(guide).getByTestId('network-down')));
    expect(calls.find(([name]) => name === 'training.networkDown')?.[1]).toEqual({ seconds: 300 });
    expect(screen.getByTestId('training-note').textContent).toMatch(/off the network for 5 minutes/);
    await act(async () => void fireEvent.click(within(guide).getByTestId('network-back')));
    expect(calls.some(([name]) => name === 'training.networkBack')).toBe(true);
    fireEvent.change(screen.getByLabelText('Practise'), { target: { value: 'dns-failure' } });
    await act(
      async () => void fireEvent.click(within(screen.getByTestId('scenario-dns-failure')).getByTestId('fail-dns')),
    );
    expect(calls.find(([name]) => name === 'training.failDns')?.[1]).toEqual({ seconds: 300 });
  });
});
