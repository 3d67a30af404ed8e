import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppInfo, DeviceInfo } from '../../../src-main/lane/ipc/contract';
import { connectedPrinter } from '../../support/receipt-printer';
import { renderCounter, trainingCounter } from '../support/render-counter';
import { kioskState, renderKiosk } from '../support/render-kiosk';
import { currentSale } from '../support/sale-answers';

const info = trainingCounter;

/** The whole app with nobody signed in, the devices listing `devices`. */
const renderApp = (appInfo: AppInfo, devices: DeviceInfo[] = []) =>
  renderCounter({
    info: appInfo,
    devices,
    session: null,
    answers: {
      'kiosk.state': () => kioskState(),
      'kiosk.catalogue': () => ({ items: [], taxRates: [], source: 'training' }),
    },
  });

afterEach(cleanup);

describe('<App />', () => {
  it('stamps TRAINING in the banner and the status bar in training mode', async () => {
    await renderApp(info);
    expect(screen.getByRole('status', { name: 'Training mode' }).textContent).toContain('TRAINING');
    expect(screen.getByTestId('training-stamp').textContent).toBe('TRAINING');
    expect(screen.getByTestId('mode').textContent).toBe('Counter');
    expect(screen.getByText('Terminal LANE-07')).toBeTruthy();
    // Nobody is signed in yet: the counter opens on the sign-in screen.
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });

  it('shows no TRAINING stamp on a live terminal', async () => {
    await renderApp({ ...info, training: false });
    expect(screen.queryByTestId('training-stamp')).toBeNull();
    expect(screen.queryByRole('status', { name: 'Training mode' })).toBeNull();
  });

  it('greets a customer in kiosk mode, with TRAINING on top and no staff words (terminal id, version)', async () => {
    await renderKiosk(kioskState());
    expect(screen.getByTestId('kiosk-headline').textContent).toBe('Welcome');
    expect(screen.getByRole('status', { name: 'Training mode' }).textContent).toContain('TRAINING');
    expect(screen.queryByTestId('mode')).toBeNull();
    expect(screen.queryByText(/KIOSK-01|1\.2\.3/)).toBeNull();
  });

  it('follows device and phase events from the main process', async () => {
    const { emit } = await renderApp({ ...info, mode: 'kiosk' }, [connectedPrinter]);
    // The kiosk's status bar is staff's: opened with Help.
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Help' })));
    expect(screen.getByText(/Receipt printer \(emulated\): ready/)).toBeTruthy();
    await act(async () => emit('devices.changed', [{ ...connectedPrinter, status: 'error', lastError: 'Paper out' }]));
    const chip = screen.getByText(/Receipt printer \(emulated\): needs attention/).closest('li');
    expect(chip?.getAttribute('title')).toBe('Receipt printer: Paper out');
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Back to the customer screen' })));
    await act(async () =>
      emit('terminal.state', { phase: 'awaiting-card', since: 1, detail: null, sale: currentSale() }),
    );
    expect(screen.getByTestId('phase-headline').textContent).toBe('Insert, tap or swipe your card');
  });

  it('shows payments with an unknown outcome on every screen until they are settled, never as approved', async () => {
    const { emit } = await renderApp(info);
    expect(screen.queryByTestId('recovery-queue')).toBeNull();
    const lost = {
      entryId: 7,
      operation: 'auth',
      orderId: 'LANE07-261122-50001',
      amountMinor: 1500,
      maskedPan: '478825******1443',
      since: 1,
      note: 'answer lost',
      needsPerson: false,
    } as const;
    await act(async () => emit('terminal.recoveryQueue', [lost]));
    expect(screen.getByTestId('recovery-queue').textContent).toMatch(
      /^1 payment with an unknown outcome, being checked with the gateway/,
    );
    expect(screen.getByTestId('recovery-queue').textContent).toContain(
      'Sale $15.00 card 1443 order LANE07-261122-50001',
    );
    expect(screen.getByTestId('recovery-queue').textContent).not.toMatch(/approved/i);
    await act(async () =>
      emit('terminal.recoveryQueue', [lost, { ...lost, entryId: 8, operation: 'refund', needsPerson: true }]),
    );
    expect(screen.getByTestId('recovery-queue').textContent).toMatch(
      /^2 payments with an unknown outcome, 1 waiting for a manager/,
    );
    expect(screen.getByTestId('recovery-queue').textContent).toContain(
      'Refund $15.00 card 1443 order LANE07-261122-50001: check the settlement report',
    );
    await act(async () => emit('terminal.recoveryQueue', []));
    expect(screen.queryByTestId('recovery-queue')).toBeNull();
  });

  it('writes the unknown outcomes\u2019 amounts with the shared formatter: sign kept, thousands grouped', async () => {
    const { emit } = await renderApp(info);
    const lost = {
      entryId: 9,
      operation: 'voidByOrderId',
      orderId: 'LANE07-261122-50002',
      amountMinor: -500,
      maskedPan: null,
      since: 1,
      note: 'answer lost',
      needsPerson: false,
    } as const;
    await act(async () =>
      emit('terminal.recoveryQueue', [lost, { ...lost, entryId: 10, operation: 'auth', amountMinor: 123456 }]),
    );
    expect(screen.getByTestId('recovery-queue').textContent).toContain('Void \u2212$5.00');
    expect(screen.getByTestId('recovery-queue').textContent).toContain('Sale $1,234.56');
  });

  it('says so when the terminal cannot be reached, and reloads everything on reconnect', async () => {
    const { announce, calls } = await renderApp(info);
    await act(async () => announce('closed'));
    expect(screen.getByText('Terminal not reachable; retrying')).toBeTruthy();
    expect(screen.getByTestId('phase-headline').textContent).toBe('Cannot reach the terminal');
    expect(screen.getByText('Devices unknown while disconnected')).toBeTruthy();
    const before = calls.length;
    await act(async () => announce('open'));
    expect(
      calls
        .slice(before)
        .map(([name]) => name)
        .sort(),
    ).toEqual([
      'app.info',
      // A counter asks what its customer display shows (ADR 087).
      'customerDisplay.view',
      'devices.list',
      'hub.status',
      'journal.refusal',
      'offline.status',
      'session.current',
      'session.trainingLogins',
      'settings.get',
      'signature.session',
      'terminal.findings',
      'terminal.recoveryQueue',
      'terminal.state',
    ]);
  });
});
