import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toString as qrSvg } from 'qrcode';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SaleSummary, SettingsView, TerminalState } from '../../../../src-main/lane/ipc/contract';
import { pressKeys, renderCounter, type RenderedCounter } from '../../support/render-counter';
import { approvedSale, currentSale } from '../../support/sale-answers';
import { StubRefusal } from '../../support/stub-pos';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const payUrl = 'https://127.0.0.1:8443/pay/7f3c2a9d41e0b6c85a1d';

const walletOn = { values: { 'wallet.enabled': true } } as unknown as SettingsView;

const walletApproved: SaleSummary = {
  ...approvedSale,
  tender: 'wallet',
  maskedPan: '************1111',
  entryMode: 'DigitalWallet',
  authcode: 'PPS777',
};

/** A phone payment that charged nothing: declined, or not approved, with the gateway's reason. */
const walletFailed = (outcome: 'declined' | 'retry', reason: string): SaleSummary => ({
  ...walletApproved,
  outcome,
  approvedMinor: 0,
  authcode: null,
  reason,
  receiptPng: null,
});

/** The main process's sale while the phone is awaited, with its pay link expiring `expiresInMs` from now. */
function waitingForPhone(amountMinor: number, expiresInMs: number): TerminalState {
  const sale = currentSale({
    amountMinor,
    tender: 'wallet',
    payLink: { url: payUrl, expiresAt: Date.now() + expiresInMs },
  });

  return { phase: 'awaiting-card', since: Date.now(), detail: 'Waiting for the phone', sale };
}

/** A counter that takes phone payments, its wallet sale held open until `finish` answers it. */
async function counterPayingByPhone(): Promise<RenderedCounter & { finish: (summary: SaleSummary) => void }> {
  let finish: (summary: SaleSummary) => void = () => undefined;
  const rendered = await renderCounter({
    answers: {
      'settings.get': () => walletOn,
      'terminal.walletSale': () => new Promise<SaleSummary>((resolve) => (finish = resolve)),
    },
  });
  await pressKeys('1', '2', '5', '0');
  await act(async () => void fireEvent.click(screen.getByTestId('pay-wallet')));
  return { ...rendered, finish: (summary) => finish(summary) };
}

describe('paying on the phone at the counter', () => {
  it('offers the phone only where the settings take wallet payments', async () => {
    await renderCounter({ answers: { 'settings.get': () => ({ values: {} }) as unknown as SettingsView } });
    expect(screen.queryByTestId('pay-wallet')).toBeNull();
    cleanup();
    await renderCounter({ answers: { 'settings.get': () => walletOn } });
    expect(screen.getByTestId('pay-wallet').textContent).toContain('Pay on your phone');
  });

  it('shows the pay link as a QR code and as text, the amount and the countdown; Cancel cancels the lane', async () => {
    const { calls, emit } = await counterPayingByPhone();
    expect(calls.filter(([name]) => name === 'terminal.walletSale')).toEqual([
      ['terminal.walletSale', { amountMinor: 1250 }],
    ]);
    expect(within(screen.getByTestId('sale-progress')).getByRole('status').textContent).toBe(
      'Making the pay link\u2026',
    );
    await act(async () => emit('terminal.state', waitingForPhone(1250, 120_000)));
    const qr = await screen.findByRole('img', { name: 'QR code of the pay link for $12.50' });
    // The image is the qrcode package's encoding of this link, and of nothing else.
    const drawn = decodeURIComponent(qr.getAttribute('src')!.replace('data:image/svg+xml;charset=utf-8,', ''));
    expect(drawn).toBe(await qrSvg(payUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 }));
    expect(drawn).not.toBe(await qrSvg(`${payUrl}x`, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 }));
    expect(screen.getByTestId('pay-link-url').textContent).toBe(payUrl);
    expect(screen.getByTestId('pay-link-amount').textContent).toBe('$12.50');
    expect(screen.getByTestId('pay-link-headline').textContent).toBe('Waiting for the customer\u2019s phone');
    expect(screen.getByRole('timer').textContent).toMatch(/^The code expires in (2:00|1:59)$/);
    await act(async () => void fireEvent.click(screen.getByTestId('pay-link-cancel')));
    expect(calls.filter(([name]) => name === 'terminal.cancel')).toHaveLength(1);
  });

  it('counts down to the link’s expiry and then says the code has expired', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { emit } = await counterPayingByPhone();
    await act(async () => emit('terminal.state', waitingForPhone(1250, 65_000)));
    await screen.findByTestId('pay-link-qr');
    expect(screen.getByRole('timer').textContent).toMatch(/1:0[45]$/);
    await act(async () => void vi.advanceTimersByTime(40_000));
    expect(screen.getByRole('timer').textContent).toMatch(/0:2[45]$/);
    await act(async () => void vi.advanceTimersByTime(30_000));
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('The code has expired: cancel and start a new phone payment.');
  });

  it('Escape cancels while the phone is awaited', async () => {
    const { calls, emit } = await counterPayingByPhone();
    await act(async () => emit('terminal.state', waitingForPhone(1250, 120_000)));
    await pressKeys('Escape');
    expect(calls.filter(([name]) => name === 'terminal.cancel')).toHaveLength(1);
  });
});

describe('the phone payment’s outcome at the counter', () => {
  it('approved: the approval with the wallet card’s last four', async () => {
    const { finish } = await counterPayingByPhone();
    await act(async () => finish(walletApproved));
    expect(screen.getByTestId('sale-headline').textContent).toBe('Approved');
    expect(screen.getByText('Wallet card')).toBeTruthy();
    expect(screen.getByText(/1111 \(paid on the phone\)/)).toBeTruthy();
    expect(screen.getByText('Hand over the goods and the customer\u2019s copy.')).toBeTruthy();
  });

  it('declined: never "Approved"; Enter starts a new phone payment for the same amount, C a card', async () => {
    const declined = walletFailed('declined', 'Invalid token');
    const { finish, calls } = await counterPayingByPhone();
    await act(async () => finish(declined));
    expect(screen.getByTestId('sale-headline').textContent).toBe('Declined');
    expect(screen.queryByText(/Approved/)).toBeNull();
    expect(screen.getByText(/Ask the customer for a new payment on the phone with another card/)).toBeTruthy();
    await pressKeys('Enter');
    expect(calls.filter(([name]) => name === 'terminal.walletSale').map(([, args]) => args)).toEqual([
      { amountMinor: 1250 },
      { amountMinor: 1250 },
    ]);
    expect(within(screen.getByTestId('sale-progress')).getByRole('status').textContent).toBe(
      'Making the pay link\u2026',
    );
  });

  it('not charged (a payload refused): asks the customer for a new payment on the phone', async () => {
    const retry = walletFailed('retry', 'Timed out');
    const { finish, calls } = await counterPayingByPhone();
    await act(async () => finish(retry));
    expect(screen.getByTestId('sale-headline').textContent).toBe('Not approved: try again');
    expect(
      screen.getByText(
        'Nothing was charged: ask the customer for a new payment on the phone, or a card at the reader.',
      ),
    ).toBeTruthy();
    await pressKeys('c');
    await waitFor(() => expect(calls.filter(([name]) => name === 'terminal.sale')).toHaveLength(1));
  });

  it('a payment the lane refused (too old, used before): nothing charged, the amount stays for a new phone payment', async () => {
    const words =
      'Not charged: the phone\u2019s payment is more than two minutes old: ask the customer for a new payment on the phone.';
    const { calls } = await renderCounter({
      answers: {
        'settings.get': () => walletOn,
        'terminal.walletSale': () => {
          throw new StubRefusal({ code: 'failed_precondition', message: words });
        },
      },
    });
    await pressKeys('1', '2', '5', '0', 'w');
    expect(screen.getByTestId('sale-error').textContent).toBe(words);
    expect(screen.getByTestId('sale-amount').textContent).toBe('$12.50');
    expect(screen.queryByText(/Approved/)).toBeNull();
    await pressKeys('w');
    expect(calls.filter(([name]) => name === 'terminal.walletSale')).toHaveLength(2);
  });
});
