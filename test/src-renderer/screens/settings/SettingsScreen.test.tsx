import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { CommandName, SettingsView } from '../../../../src-main/lane/ipc/contract';
import { renderCounter } from '../../support/render-counter';
import { invalidArgument, managerNeeded, StubRefusal, type StubAnswer } from '../../support/stub-pos';

afterEach(cleanup);

const saved: SettingsView = {
  values: {
    merchantId: '496160873888',
    'gateway.url': '',
    terminalId: 'LANE-07',
    mode: 'counter',
    training: true,
    'payments.device': 'reader',
    'payments.tips': false,
    'payments.forcedCredit': false,
    'payments.ach': false,
    'payments.cardTimeoutSeconds': 60,
    'payments.confirmAboveMinor': 100000,
    'wallet.enabled': false,
    'offline.enabled': false,
    'signature.policy': 'network-rules',
    'signature.capture': 'auto',
    'signature.allowSkip': false,
    'staff.refundLimitMinor': 5000,
    'kiosk.idleResetSeconds': 90,
    'printer.profile': 'escpos-80mm',
    devices: '[]',
    signaturePads: '[]',
    printers: '[]',
  },
  choices: {
    mode: ['counter', 'kiosk'],
    'signature.policy': ['network-rules', 'always', 'never'],
    'signature.capture': ['auto', 'pad', 'screen'],
    'printer.profile': ['escpos-80mm', 'escpos-58mm', 'starprnt-80mm'],
  },
  overridden: {},
  restartNeeded: [],
  credentials: { username: null, passwordSet: false },
};

/** The counter, signed in, on the Settings screen (Alt+5) with the settings read. */
async function openSettings(answers: Partial<Record<CommandName, StubAnswer>> = {}, view: SettingsView = saved) {
  const rendered = await renderCounter({ answers: { 'settings.get': () => view, ...answers } });
  await act(async () => void fireEvent.keyDown(window, { key: '5', altKey: true }));
  await screen.findByRole('heading', { name: 'Settings', level: 1 });
  return rendered;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const updates = (calls: Array<[CommandName, unknown]>) =>
  calls.filter(([name]) => name === 'settings.update').map(([, args]) => args);
/** The text of what an element's aria-describedby points at. */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? `(no #${id})`)
    .join(' ');

describe('the settings screen', () => {
  it('shows the saved settings in labelled groups, with plain-word choices and the refund limit as money', async () => {
    const { view } = await openSettings();
    for (const group of ['Gateway', 'Gateway credentials', 'Terminal', 'Payments', 'Signature', 'Printer', 'Kiosk'])
      expect(screen.getByRole('group', { name: group })).toBeTruthy();
    expect(field('Merchant id').value).toBe('496160873888');
    expect(field('Gateway URL').value).toBe('');
    expect((screen.getByRole('checkbox', { name: 'Training mode' }) as HTMLInputElement).checked).toBe(true);
    expect(field('Take tips').checked).toBe(false);
    expect(field('Card wait (seconds)').type).toBe('number');
    expect(field('Card wait (seconds)').value).toBe('60');
    expect(field('Refund limit').value).toBe('50.00');
    const mode = screen.getByLabelText('Mode') as HTMLSelectElement;
    expect(mode.value).toBe('counter');
    expect([...mode.options].map((option) => option.textContent)).toEqual([
      'Counter (a cashier)',
      'Kiosk (customer self-checkout)',
    ]);
    expect(description(field('Gateway URL'))).toMatch(/empty for the built-in training gateway/);
    expect(screen.getByTestId('credentials-stored').textContent).toMatch(/No password is stored: live sales need one/);
    // Every input has a label and the page has no serious or critical problem axe can see in
    // jsdom (which cannot compute colours: contrast is checked by the end-to-end run).
    const results = await axe.run(view.container, { rules: { 'color-contrast': { enabled: false } } });
    expect(
      results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => violation.id),
    ).toEqual([]);
  });

  it('sends only the changed settings in one update, Enter saving from a checkbox, and shows what came back', async () => {
    const { calls } = await openSettings({
      'settings.update': (args) => {
        const { changes } = args as { changes: Partial<SettingsView['values']> };
        return { ...saved, values: { ...saved.values, ...changes } };
      },
    });
    fireEvent.change(field('Gateway URL'), { target: { value: ' https://gateway.example.com/cardconnect/rest ' } });
    fireEvent.click(field('Take tips'));
    fireEvent.change(field('Card wait (seconds)'), { target: { value: '45' } });
    fireEvent.change(field('Refund limit'), { target: { value: '75.5' } });
    // Changed and changed back: not sent.
    fireEvent.change(field('Terminal id'), { target: { value: 'LANE-08' } });
    fireEvent.change(field('Terminal id'), { target: { value: 'LANE-07' } });
    expect(screen.getByRole('button', { name: /Save 4 changes/ })).toBeTruthy();
    expect(description(field('Take tips'))).toMatch(/Not saved yet/);
    await act(async () => void fireEvent.keyDown(field('Take tips'), { key: 'Enter' }));
    expect(updates(calls)).toEqual([
      {
        changes: {
          'gateway.url': 'https://gateway.example.com/cardconnect/rest',
          'payments.tips': true,
          'payments.cardTimeoutSeconds': 45,
          'staff.refundLimitMinor': 7550,
        },
      },
    ]);
    expect(screen.getByText('Saved.')).toBeTruthy();
    expect(field('Refund limit').value).toBe('75.50');
    expect(field('Take tips').checked).toBe(true);
    expect(screen.queryByText('Not saved yet.')).toBeNull();
    // Nothing changed now: saving says so rather than sending an empty update.
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: /Save changes/ })));
    expect(screen.getByRole('alert').textContent).toBe('Nothing to save: no setting was changed.');
    expect(updates(calls)).toHaveLength(1);
  });

  it('puts a refusal next to the setting it names, focuses it, and keeps the other edits', async () => {
    const { calls } = await openSettings({
      'settings.update': () => {
        throw invalidArgument('gateway.url', 'gateway.url: http is allowed only for loopback addresses; use https');
      },
    });
    fireEvent.change(field('Merchant id'), { target: { value: '800000000123' } });
    fireEvent.change(field('Gateway URL'), { target: { value: 'http://gateway.example.com/' } });
    screen.getByRole('button', { name: /Save 2 changes/ }).focus();
    await act(async () => void fireEvent.submit(field('Merchant id').form!));
    expect(updates(calls)).toEqual([
      { changes: { merchantId: '800000000123', 'gateway.url': 'http://gateway.example.com/' } },
    ]);
    const url = field('Gateway URL');
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(description(url)).toMatch(
      /gateway\.url: http is allowed only for loopback addresses; use https\. Correct it and press Enter to save again, or Esc/,
    );
    expect(document.activeElement).toBe(url);
    expect(field('Merchant id').value).toBe('800000000123');
    expect(field('Merchant id').getAttribute('aria-invalid')).toBe('false');
    // A whole number is checked before anything is sent.
    fireEvent.change(field('Kiosk idle reset (seconds)'), { target: { value: '' } });
    await act(async () => void fireEvent.keyDown(field('Merchant id'), { key: 'Enter' }));
    expect(updates(calls)).toHaveLength(1);
    expect(document.activeElement).toBe(field('Kiosk idle reset (seconds)'));
    expect(description(field('Kiosk idle reset (seconds)'))).toMatch(
      /Kiosk idle reset \(seconds\): enter a whole number/,
    );
  });

  it('asks a manager when a cashier saves, retries with the PIN, and focuses a setting refused after the approval', async () => {
    const pins: Array<string | undefined> = [];
    await openSettings({
      'settings.update': (args) => {
        const { changes, managerPin } = args as { changes: Partial<SettingsView['values']>; managerPin?: string };
        pins.push(managerPin);
        if (managerPin !== '9999') throw managerNeeded('change settings');
        if (changes.terminalId === 'LANE 8')
          throw invalidArgument('terminalId', 'terminalId: expected 1 to 16 letters, digits or dashes');
        return { ...saved, values: { ...saved.values, ...changes } };
      },
    });
    fireEvent.change(screen.getByLabelText('Mode'), { target: { value: 'kiosk' } });
    await act(async () => void fireEvent.submit(field('Merchant id').form!));
    const dialog = screen.getByRole('dialog', { name: 'Manager approval' });
    fireEvent.change(within(dialog).getByLabelText('Manager PIN'), { target: { value: '9999' } });
    await act(async () => void fireEvent.submit(dialog));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(pins).toEqual([undefined, '9999']);
    expect((screen.getByLabelText('Mode') as HTMLSelectElement).value).toBe('kiosk');
    expect(screen.getByText('Saved.')).toBeTruthy();

    fireEvent.change(field('Terminal id'), { target: { value: 'LANE 8' } });
    const save = screen.getByRole('button', { name: /Save 1 change/ });
    save.focus();
    await act(async () => void fireEvent.click(save));
    const again = screen.getByRole('dialog', { name: 'Manager approval' });
    fireEvent.change(within(again).getByLabelText('Manager PIN'), { target: { value: '9999' } });
    await act(async () => void fireEvent.submit(again));
    expect(screen.queryByRole('dialog')).toBeNull();
    // The dialog gave the focus back to Save as it closed; the refused setting took it from there.
    expect(document.activeElement).toBe(field('Terminal id'));
    expect(description(field('Terminal id'))).toMatch(/terminalId: expected 1 to 16 letters, digits or dashes/);
  });

  it('stores the gateway credentials with Enter and never shows the password back', async () => {
    const secret = 'Tr0ub4dor&3-not-shown';
    const { calls, view } = await openSettings({
      'settings.setCredentials': (args) => ({
        ...saved,
        credentials: { username: (args as { username: string }).username, passwordSet: true },
      }),
    });
    const credentials = screen.getByRole('group', { name: 'Gateway credentials' });
    const password = within(credentials).getByLabelText('Gateway password') as HTMLInputElement;
    expect(password.type).toBe('password');
    fireEvent.change(within(credentials).getByLabelText('Gateway user name'), { target: { value: 'testing' } });
    await act(async () => void fireEvent.keyDown(password, { key: 'Enter' }));
    expect(calls.some(([name]) => name === 'settings.setCredentials')).toBe(false);
    expect(within(credentials).getByRole('alert').textContent).toMatch(/Enter the gateway password/);
    expect(document.activeElement).toBe(password);
    fireEvent.change(password, { target: { value: secret } });
    await act(async () => void fireEvent.keyDown(password, { key: 'Enter' }));
    expect(calls.filter(([name]) => name === 'settings.setCredentials').map(([, args]) => args)).toEqual([
      { username: 'testing', password: secret },
    ]);
    expect(updates(calls)).toEqual([]);
    expect(password.value).toBe('');
    expect(screen.getByTestId('credentials-stored').textContent).toMatch(
      /Stored for user testing\. A password is stored\./,
    );
    expect(view.container.innerHTML).not.toContain(secret);
  });

  it('tests the stored credentials with Alt+T and says whether the gateway took them', async () => {
    let answer = {
      ok: false,
      message:
        'The gateway refused the user name or password: check them with the gateway provider, then save them again.',
    };
    await openSettings({ 'settings.testCredentials': () => answer });
    expect(screen.getByRole('button', { name: /Test credentials/ }).querySelector('kbd')?.textContent).toBe('Alt+T');
    await act(async () => void fireEvent.keyDown(window, { key: 't', altKey: true }));
    const failed = screen.getByTestId('credential-test');
    expect(failed.getAttribute('role')).toBe('alert');
    expect(failed.textContent).toBe(`Test failed: ${answer.message}`);
    answer = { ok: true, message: 'The gateway accepted the credentials, and merchant 496160873888 is boarded.' };
    await act(async () => void fireEvent.click(screen.getByTestId('test-credentials')));
    expect(screen.getByTestId('credential-test').getAttribute('role')).toBe('status');
    expect(screen.getByTestId('credential-test').textContent).toBe(`Test passed: ${answer.message}`);
  });

  it('says which settings wait for a restart, which the environment sets, and what leaving training means', async () => {
    await openSettings(
      {},
      { ...saved, overridden: { 'gateway.url': 'LANEPOINT_GATEWAY_URL' }, restartNeeded: ['mode'] },
    );
    expect(description(field('Gateway URL'))).toMatch(/Set by LANEPOINT_GATEWAY_URL: saving changes the file only\./);
    expect(description(screen.getByLabelText('Mode'))).toMatch(/Takes effect when Lanepoint restarts\./);
    expect(description(field('Merchant id'))).not.toMatch(/restarts|Set by/);
    expect(screen.queryByText(/Leaving training/)).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Training mode' }) as HTMLInputElement);
    expect(description(screen.getByRole('checkbox', { name: 'Training mode' }) as HTMLInputElement)).toMatch(
      /Leaving training means real cards and real money/,
    );
  });

  it('puts back the saved values with Escape, unsaved marks and refusals too', async () => {
    const { calls } = await openSettings({
      'settings.update': () => {
        throw invalidArgument('merchantId', 'merchantId: expected empty or 1 to 16 digits');
      },
    });
    fireEvent.change(field('Merchant id'), { target: { value: 'abc' } });
    fireEvent.change(screen.getByLabelText('When to ask'), { target: { value: 'always' } });
    fireEvent.change(screen.getByLabelText('Gateway user name'), { target: { value: 'someone' } });
    expect(screen.getByText('2 unsaved changes.')).toBeTruthy();
    await act(async () => void fireEvent.keyDown(field('Merchant id'), { key: 'Enter' }));
    expect(field('Merchant id').getAttribute('aria-invalid')).toBe('true');
    await act(async () => void fireEvent.keyDown(field('Merchant id'), { key: 'Escape' }));
    expect(field('Merchant id').value).toBe('496160873888');
    expect(field('Merchant id').getAttribute('aria-invalid')).toBe('false');
    expect(document.activeElement).toBe(field('Merchant id'));
    expect((screen.getByLabelText('When to ask') as HTMLSelectElement).value).toBe('network-rules');
    expect(field('Gateway user name').value).toBe('');
    expect(screen.queryByText(/unsaved change/)).toBeNull();
    expect(screen.queryByText('Not saved yet.')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(updates(calls)).toHaveLength(1);
  });

  it('says when the settings cannot be read, and reads them again on Try again', async () => {
    let reachable = false;
    await openSettings({
      'settings.get': () => {
        if (!reachable) throw new StubRefusal({ code: 'unavailable', message: 'The terminal is not reachable.' });
        return saved;
      },
    });
    expect(screen.getByRole('alert').textContent).toBe(
      'The settings could not be read: The terminal is not reachable. Check that the terminal is running, then try again.',
    );
    reachable = true;
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: /Try again/ })));
    expect(field('Merchant id').value).toBe('496160873888');
  });
});
