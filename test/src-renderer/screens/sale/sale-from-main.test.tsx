import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  CurrentSale,
  RecoveryFinding,
  RecoveryItem,
  SaleSummary,
  TerminalState,
} from '../../../../src-main/lane/ipc/contract';
import { renderCounter } from '../../support/render-counter';
import { currentSale } from '../../support/sale-answers';

afterEach(cleanup);

const unknown: SaleSummary = {
  outcome: 'unknown',
  tender: 'sale',
  orderId: 'LANE07-261123-00009',
  requestedMinor: 1800,
  approvedMinor: 0,
  authcode: null,
  reason: 'The answer was lost and the gateway has not answered since: the sale is queued and checked again.',
  maskedPan: '478825******1443',
  entryMode: 'swipe',
  signatureRequired: false,
  printed: false,
  printProblem: null,
  receiptPng: null,
};

const waiting = currentSale({ amountMinor: 4275 });
const state = (phase: TerminalState['phase'], sale: CurrentSale | null): TerminalState => ({
  phase,
  since: 0,
  detail: null,
  sale,
});
const queued: RecoveryItem = {
  entryId: 9,
  operation: 'auth',
  orderId: unknown.orderId,
  amountMinor: 1800,
  maskedPan: unknown.maskedPan,
  since: 0,
  note: null,
  needsPerson: false,
};
const found = (
  outcome: RecoveryFinding['outcome'],
  message: string,
  source: RecoveryFinding['source'] = 'background',
): RecoveryFinding => ({
  entryId: 9,
  operation: 'auth',
  orderId: unknown.orderId,
  amountMinor: 1800,
  maskedPan: unknown.maskedPan,
  source,
  foundAt: 0,
  outcome,
  authcode: null,
  retref: '123456789012',
  message,
  receipt: outcome === 'approved',
});

describe('the sale screen rebuilt from the sale the main process holds', () => {
  it('a screen that connects during the card wait shows the amount and a Cancel that reaches the main process', async () => {
    const { calls } = await renderCounter({ terminal: state('awaiting-card', waiting) });
    expect(screen.getByTestId('sale-progress').getAttribute('data-phase')).toBe('awaiting-card');
    expect(screen.getByTestId('progress-amount').textContent).toBe('$42.75');
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: /Cancel/ })));
    expect(calls.map(([name]) => name)).toContain('terminal.cancel');
  });

  it.each(['card-read', 'authorizing', 'resolving', 'printing'] as const)(
    'offers no Cancel once nobody is waited for (%s)',
    async (phase) => {
      await renderCounter({ terminal: state(phase, waiting) });
      expect(screen.getByTestId('sale-progress').getAttribute('data-phase')).toBe(phase);
      expect(screen.queryByRole('button', { name: /Cancel/ })).toBeNull();
    },
  );

  it('offers Cancel while the signature is awaited', async () => {
    await renderCounter({ terminal: state('signature', waiting) });
    expect(screen.getByTestId('sale-progress').getAttribute('data-phase')).toBe('signature');
    expect(screen.getByRole('button', { name: /Cancel/ })).toBeTruthy();
  });

  it('shows the balance still owed after a partial approval, with no New sale', async () => {
    const partial: SaleSummary = {
      ...unknown,
      outcome: 'partial',
      requestedMinor: 800,
      approvedMinor: 500,
      authcode: 'PPS001',
      reason: null,
    };
    await renderCounter({
      terminal: state('done', { ...waiting, amountMinor: 800, running: false, results: [partial], dueMinor: 300 }),
    });
    expect(screen.getByTestId('sale-headline').textContent).toBe('Partially approved');
    expect(screen.getByTestId('tender-rest').textContent).toMatch(/Take the remaining \$3\.00/);
    expect(screen.queryByTestId('new-sale')).toBeNull();
  });

  it('while a sale is unknown the main button checks with the gateway; once settled it says what it became', async () => {
    const { emit, calls } = await renderCounter({
      terminal: state('done', { ...waiting, amountMinor: 1800, running: false, results: [unknown] }),
      answers: { 'terminal.recoveryQueue': () => [queued] },
    });
    expect(screen.getByTestId('sale-headline').textContent).toBe('Outcome being checked');
    expect(screen.getByTestId('check-now').className).toBe('primary');
    expect(screen.getByTestId('new-sale').className).not.toBe('primary');
    await act(async () => void fireEvent.keyDown(window, { key: 'Enter' }));
    expect(calls.map(([name]) => name)).toContain('terminal.recover');
    await act(async () =>
      emit('terminal.findings', [found('approved', 'Approved: reference 123456789012, hand over the goods.')]),
    );
    expect(screen.getByTestId('sale-headline').textContent).toBe(
      'Approved: reference 123456789012, hand over the goods.',
    );
    // The sale screen tells it: the notice over the screen does not say it twice.
    expect(screen.queryByTestId('recovery-findings')).toBeNull();
    await act(async () => void fireEvent.click(screen.getByTestId('print-settled')));
    expect(calls.filter(([name]) => name === 'terminal.printFinding')).toEqual([
      ['terminal.printFinding', { entryId: 9 }],
    ]);
  });

  it('puts what recovery found at start over the screen of whoever signs in next, until acknowledged', async () => {
    const { calls } = await renderCounter({
      answers: {
        'terminal.findings': () => [
          found('approved', 'Approved: reference 123456789012, hand over the goods.', 'start'),
        ],
        'terminal.printFinding': () => ({ printed: true, problem: null, png: '' }),
      },
    });
    const notice = screen.getByTestId('recovery-findings');
    expect(notice.getAttribute('role')).toBe('alertdialog');
    expect(notice.textContent).toMatch(
      /Sale \$18\.00 on card ••••1443, order LANE07-261123-00009, found when the lane started again/,
    );
    expect(notice.textContent).toMatch(/Approved: reference 123456789012, hand over the goods\./);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Print the receipt' })));
    expect(screen.getByText('The receipt printed: both copies.')).toBeTruthy();
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Seen: done' })));
    expect(calls.filter(([name]) => name === 'terminal.acknowledgeFinding')).toEqual([
      ['terminal.acknowledgeFinding', { entryId: 9 }],
    ]);
    expect(screen.queryByTestId('recovery-findings')).toBeNull();
  });
});
