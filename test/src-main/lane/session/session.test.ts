import { systemClock } from '../../../../src-main/platform/clock';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { settingsSchema } from '../../../../src-main/lane/config/settings';
import { createCore, type Core } from '../../../../src-main/lane/core/core';
import type { CommandName, CommandReply, StaffSession } from '../../../../src-main/lane/ipc/contract';
import { hashPin, pinMatches } from '../../../../src-main/lane/session/pin-hash';
import { collectingLogger, ok } from '../../../support/test-core';
import { laneTraining } from '../../../../src-main/shells/training/lane-training';

const cores: Core[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
});

function lane(settings: object = {}, now = { t: Date.UTC(2026, 10, 23, 9) }) {
  const { logger, lines } = collectingLogger();
  const core = createCore({
    training: laneTraining,
    settings: settingsSchema.parse(settings),
    shell: 'browser',
    logger,
    clock: { ...systemClock, now: () => now.t },
  });
  cores.push(core);
  const call = <R>(name: CommandName, args: object = {}) => core.dispatch(name, args) as Promise<CommandReply<R>>;
  return { core, call, lines, now };
}

describe('PIN hashes', () => {
  it('match their own PIN only, and never hold it', () => {
    const stored = hashPin('4821');
    expect(stored).not.toContain('4821');
    expect(pinMatches('4821', stored)).toBe(true);
    expect(pinMatches('4822', stored)).toBe(false);
    expect(pinMatches('4821', 'scrypt$bad')).toBe(false);
    expect(() => hashPin('12')).toThrow(/4 to 8 digits/);
  });
});

describe('signing in (training practice staff)', () => {
  it('lists the practice sign-ins, signs in, publishes it, and signs out', async () => {
    const { core, call } = lane();
    const seen: Array<StaffSession | null> = [];
    core.events.subscribe((name, payload) => {
      if (name === 'session.changed') seen.push(payload as StaffSession | null);
    });
    expect(ok(await call('session.trainingLogins'))).toEqual([
      { cashierId: '1001', pin: '1234', name: 'Trainee', role: 'cashier' },
      { cashierId: '9001', pin: '9999', name: 'Trainer', role: 'manager' },
    ]);
    expect(ok(await call('session.current'))).toBeNull();
    expect(ok(await call('session.signIn', { cashierId: '1001', pin: '1234' }))).toMatchObject({
      cashierId: '1001',
      name: 'Trainee',
      role: 'cashier',
    });
    expect(ok(await call('session.signOut'))).toEqual({ signedOut: true });
    expect(seen.map((session) => session?.cashierId ?? null)).toEqual(['1001', null]);
  });

  it('refuses a wrong PIN naming the field, and locks the id for a minute after five, saying when', async () => {
    const { call, now, lines } = lane();
    for (let i = 0; i < 4; i++) {
      expect(await call('session.signIn', { cashierId: '1001', pin: '0000' })).toMatchObject({
        ok: false,
        error: {
          code: 'forbidden',
          field: 'pin',
          message: 'That cashier id and PIN do not match: check both and try again.',
        },
      });
    }
    // The fifth says at once that the id is locked, and until when.
    expect(await call('session.signIn', { cashierId: '1001', pin: '0000' })).toMatchObject({
      ok: false,
      error: {
        field: 'pin',
        message: expect.stringMatching(
          /^That cashier id and PIN do not match\. Too many wrong PINs for cashier id 1001: try again at \d\d:\d\d \(in 1 minute\)\.$/,
        ),
      },
    });
    expect(await call('session.signIn', { cashierId: '1001', pin: '1234' })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/^Too many wrong PINs for cashier id 1001: try again at/) },
    });
    now.t += 60_000;
    expect(ok(await call('session.signIn', { cashierId: '1001', pin: '1234' }))).toMatchObject({ cashierId: '1001' });
    expect(lines.join('\n')).not.toContain('0000');
  });

  it('locks a guessed id and approvals by PIN on every screen; a manager signed in still approves', async () => {
    const { core, now } = lane();
    const cashierScreen = { source: 'bridge:1' };
    const managerScreen = { source: 'bridge:2' };
    // A manager's action that checks the PIN first (a void now checks the sale before asking for one).
    const settleByHand = (managerPin: string | undefined, caller: { source: string }) =>
      core.dispatch(
        'terminal.settleByHand',
        { entryId: 1, applied: false, note: 'checked with the bank', ...(managerPin ? { managerPin } : {}) },
        caller,
      );
    ok(await core.dispatch('session.signIn', { cashierId: '1001', pin: '1234' }, cashierScreen));
    for (let i = 0; i < 5; i++) {
      expect(await settleByHand('0000', cashierScreen)).toMatchObject({
        ok: false,
        error: { field: 'managerPin', message: expect.stringMatching(/^That is not a manager\u2019s PIN/) },
      });
      expect(await core.dispatch('session.signIn', { cashierId: '9001', pin: '0000' }, cashierScreen)).toMatchObject({
        ok: false,
        error: { field: 'pin' },
      });
    }
    // Locked for the right PIN too, and at the manager's own screen: the lock is the id's, not the screen's.
    expect(await settleByHand('9999', managerScreen)).toMatchObject({
      ok: false,
      error: {
        message: expect.stringMatching(
          /^Too many wrong manager PINs: try again at \d\d:\d\d \(in 1 minute\), or a manager signs in to approve\.$/,
        ),
      },
    });
    expect(await core.dispatch('session.signIn', { cashierId: '9001', pin: '9999' }, managerScreen)).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/^Too many wrong PINs for cashier id 9001: try again at/) },
    });
    now.t += 60_000;
    ok(await core.dispatch('session.signIn', { cashierId: '9001', pin: '9999' }, managerScreen));
    // A signed-in manager approves without a PIN, whatever the approvals lock says (the PIN is not
    // asked; the journal then has no such entry).
    expect(await settleByHand(undefined, managerScreen)).toMatchObject({
      ok: false,
      error: { field: 'entryId', message: expect.stringMatching(/not in the recovery queue/) },
    });
  });

  it('keeps money behind a sign-in, and voids behind a manager', async () => {
    const { call } = lane();
    expect(await call('terminal.sale', { amountMinor: 500 })).toMatchObject({
      ok: false,
      error: { code: 'forbidden', message: 'Sign in first to take a payment.' },
    });
    ok(await call('session.signIn', { cashierId: '1001', pin: '1234' }));
    // No manager is asked for a sale the journal does not have: that refusal needs none.
    expect(await call('terminal.void', { orderId: 'LANE01-261123-00001', reason: 'customer-canceled' })).toMatchObject({
      ok: false,
      error: { field: 'orderId', message: expect.stringMatching(/No approved sale/) },
    });
    // A sale that can be voided asks for a manager, and only a manager's PIN lets it through (test/src-main/lane/terminal/order-money.test.ts).
  });

  it('asks for a manager above the refund limit only', async () => {
    const { call } = lane({ staff: { refundLimitMinor: 1000 } });
    ok(await call('session.signIn', { cashierId: '1001', pin: '1234' }));
    // A sale the journal does not have is refused before any manager is asked, above the limit or not.
    expect(
      await call('terminal.refund', { orderId: 'LANE01-261123-00001', amountMinor: 1001, reason: 'returned' }),
    ).toMatchObject({ ok: false, error: { field: 'orderId' } });
    expect(
      await call('terminal.refund', { orderId: 'LANE01-261123-00001', amountMinor: 1000, reason: 'returned' }),
    ).toMatchObject({ ok: false, error: { field: 'orderId' } });
  });

  it('lets a kiosk customer pay with nobody signed in', async () => {
    const { call } = lane({ mode: 'kiosk', payments: { cardTimeoutSeconds: 1 } });
    expect(await call('terminal.sale', { amountMinor: 500 })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/No card was presented in time/) },
    });
  });

  it('moves no other money on a kiosk with nobody signed in: capture, refund, void, forced credit and a stored profile need staff', async () => {
    const { call } = lane({ mode: 'kiosk', payments: { forcedCredit: true } });
    const staffOnly = 'A member of staff signs in with their PIN to do this on a kiosk:';
    expect(await call('terminal.capture', { orderId: 'LANE01-261123-00001' })).toMatchObject({
      ok: false,
      error: { code: 'forbidden', message: `${staffOnly} capture a sale.` },
    });
    expect(
      await call('terminal.refund', { orderId: 'LANE01-261123-00001', amountMinor: 4500, reason: 'returned' }),
    ).toMatchObject({ ok: false, error: { code: 'forbidden', message: `${staffOnly} refund a sale.` } });
    expect(await call('terminal.void', { orderId: 'LANE01-261123-00001', reason: 'customer-canceled' })).toMatchObject({
      ok: false,
      error: { code: 'forbidden', message: `${staffOnly} void a sale.` },
    });
    expect(await call('terminal.sale', { amountMinor: 500, tender: 'forced-credit' })).toMatchObject({
      ok: false,
      error: { code: 'forbidden', message: `${staffOnly} give money back without a sale.` },
    });
    expect(await call('terminal.profileSale', { amountMinor: 500, profile: '12345678901234567890/1' })).toMatchObject({
      ok: false,
      error: { code: 'forbidden', message: `${staffOnly} charge a stored card.` },
    });
    expect(await call('settings.testCredentials')).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });
});

describe('signing in (configured staff)', () => {
  it('checks PINs against the hashes in the settings; training practice staff are gone', async () => {
    const { call } = lane({
      training: false,
      staff: { members: [{ id: '42', name: 'Robin', role: 'manager', pin: hashPin('246810') }] },
    });
    expect(ok(await call('session.trainingLogins'))).toEqual([]);
    expect(await call('session.signIn', { cashierId: '1001', pin: '1234' })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(ok(await call('session.signIn', { cashierId: '42', pin: '246810' }))).toMatchObject({
      name: 'Robin',
      role: 'manager',
    });
  });

  it('says who must set up staff when nobody can sign in', async () => {
    const { call } = lane({ training: false });
    expect(await call('session.signIn', { cashierId: '1', pin: '1234' })).toMatchObject({
      ok: false,
      error: { code: 'failed_precondition', message: expect.stringMatching(/staff\.members/) },
    });
  });

  it('refuses a settings file with a clear PIN, naming the setting', () => {
    const result = settingsSchema.safeParse({
      staff: { members: [{ id: '7', name: 'Sam', role: 'cashier', pin: '1234' }] },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['staff', 'members', 0, 'pin'],
      message: expect.stringMatching(/never the PIN itself/),
    });
  });
});

describe('settings over the contract', () => {
  function configured() {
    const appDataDir = mkdtempSync(join(tmpdir(), 'lanepoint-settings-'));
    const { logger } = collectingLogger();
    const secrets = new Map<string, string>();
    const store = {
      get: async (name: string) => secrets.get(name),
      set: async (name: string, value: string) => void secrets.set(name, value),
      delete: async (name: string) => void secrets.delete(name),
      names: async () => [...secrets.keys()].sort(),
    };
    const core = createCore({
      training: laneTraining,
      settings: settingsSchema.parse({}),
      shell: 'browser',
      logger,
      settingsFile: { appDataDir, sources: { 'payments.ach': 'LANEPOINT_PAYMENTS_ACH' } },
      secrets: () => store,
    });
    cores.push(core);
    const call = <R>(name: CommandName, args: object = {}) => core.dispatch(name, args) as Promise<CommandReply<R>>;
    return { core, call, appDataDir, secrets };
  }

  it('shows the values, saves a change a manager makes, takes up live ones at once and names what needs a restart', async () => {
    const { core, call, appDataDir } = configured();
    const view = ok(await call<{ values: Record<string, unknown>; overridden: object }>('settings.get'));
    expect(view.values).toMatchObject({
      merchantId: '',
      'payments.tips': false,
      'printer.profile': 'escpos-80mm',
      mode: 'counter',
    });
    expect(view.overridden).toEqual({ 'payments.ach': 'LANEPOINT_PAYMENTS_ACH' });
    ok(await call('session.signIn', { cashierId: '1001', pin: '1234' }));
    expect(await call('settings.update', { changes: { 'payments.tips': true } })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    const saved = ok(
      await call<{ restartNeeded: string[] }>('settings.update', {
        changes: { 'payments.tips': true, terminalId: 'LANE-09', 'printer.profile': 'escpos-58mm' },
        managerPin: '9999',
      }),
    );
    expect(core.settings.payments.tips).toBe(true);
    expect(core.settings.terminalId).toBe('LANE-01');
    expect(saved.restartNeeded.sort()).toEqual(['printer.profile', 'terminalId']);
    const file = JSON.parse(readFileSync(join(appDataDir, 'settings.json'), 'utf8'));
    expect(file).toMatchObject({
      terminalId: 'LANE-09',
      payments: { tips: true },
      printers: [{ id: 'training-printer', profile: 'escpos-58mm', emulated: true }],
    });
  });

  it('refuses a wrong value naming the setting, and leaves the file as it was', async () => {
    const { call, appDataDir } = configured();
    ok(await call('session.signIn', { cashierId: '9001', pin: '9999' }));
    expect(
      await call('settings.update', { changes: { 'gateway.url': 'https://gateway.example.com/rest' } }),
    ).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_argument',
        field: 'gateway.url',
        message: expect.stringMatching(/training mode refuses a non-loopback gateway/),
      },
    });
    expect(await call('settings.update', { changes: { 'payments.cardTimeoutSeconds': 0 } })).toMatchObject({
      ok: false,
      error: { field: 'payments.cardTimeoutSeconds' },
    });
    expect(await call('settings.update', { changes: { 'printer.profile': 'laser' } })).toMatchObject({
      ok: false,
      error: { field: 'printer.profile' },
    });
    expect(() => readFileSync(join(appDataDir, 'settings.json'))).toThrow(/ENOENT/);
  });

  it('offline payments are switched on from Settings by a manager, saved to the file, and taken up at the next start', async () => {
    const { core, call, appDataDir } = configured();
    expect(ok(await call<{ values: Record<string, unknown> }>('settings.get')).values['offline.enabled']).toBe(false);
    ok(await call('session.signIn', { cashierId: '9001', pin: '9999' }));
    const saved = ok(
      await call<{ restartNeeded: string[] }>('settings.update', { changes: { 'offline.enabled': true } }),
    );
    expect(saved.restartNeeded).toEqual(['offline.enabled']);
    // The link's breaker and the forwarder are made at start: the running lane still sells online only.
    expect(core.settings.offline.enabled).toBe(false);
    expect(JSON.parse(readFileSync(join(appDataDir, 'settings.json'), 'utf8'))).toMatchObject({
      offline: { enabled: true },
    });
  });

  it('edits the device lists as JSON, refusing what is not JSON or not a valid device, naming the list and the place in it', async () => {
    const { call, appDataDir } = configured();
    ok(await call('session.signIn', { cashierId: '9001', pin: '9999' }));
    expect(ok(await call<{ values: Record<string, unknown> }>('settings.get')).values.devices).toBe('[]');
    expect(await call('settings.update', { changes: { devices: '[{ "id": "reader-1",' } })).toMatchObject({
      ok: false,
      error: { field: 'devices', message: expect.stringMatching(/^devices: not valid JSON/) },
    });
    expect(await call('settings.update', { changes: { devices: '{}' } })).toMatchObject({
      ok: false,
      error: { field: 'devices', message: 'devices: expected a list in square brackets, [ … ]' },
    });
    expect(
      await call('settings.update', {
        changes: { devices: JSON.stringify([{ id: 'reader-1', protocol: 'vivotech2', serial: {} }]) },
      }),
    ).toMatchObject({
      ok: false,
      error: { field: 'devices', message: expect.stringMatching(/^devices\.0\.serial\.path: expected the port/) },
    });
    const reader = [{ id: 'reader-1', protocol: 'idtech-hid', hid: { vendorId: '0acd', productId: '2030' } }];
    const saved = ok(
      await call<{ restartNeeded: string[]; values: Record<string, unknown> }>('settings.update', {
        changes: { devices: JSON.stringify(reader) },
      }),
    );
    expect(saved.restartNeeded).toEqual(['devices']);
    expect(JSON.parse(String(saved.values.devices))).toEqual(reader);
    expect(JSON.parse(readFileSync(join(appDataDir, 'settings.json'), 'utf8')).devices).toEqual(reader);
  });

  it('keeps credentials in the secret store, shows only the user name, and tests them against the gateway', async () => {
    const { call, secrets } = configured();
    ok(await call('session.signIn', { cashierId: '9001', pin: '9999' }));
    const view = ok(
      await call<{ credentials: object }>('settings.setCredentials', { username: 'lane-user', password: 's3cret!' }),
    );
    expect(view.credentials).toEqual({ username: 'lane-user', passwordSet: true });
    expect(JSON.stringify(view)).not.toContain('s3cret');
    expect(secrets.get('gateway.password')).toBe('s3cret!');
    // Training tests against its own emulator, with its own credentials.
    expect(ok(await call('settings.testCredentials'))).toMatchObject({
      ok: true,
      message: expect.stringMatching(/merchant 496160873888 is boarded/),
    });
  });
});
