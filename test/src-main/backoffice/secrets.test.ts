import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backofficeSettingsPath } from '../../../src-main/backoffice/settings';
import { closedAfterEach } from '../../support/closed-after-each';
import { newApplicationArgs, startBackofficeBench, type BackofficeBench } from '../../support/backoffice';

const keep = closedAfterEach<BackofficeBench>();

describe('the reseller\u2019s credentials in live mode', () => {
  it('are kept in the back office\u2019s secret store only: not in its settings, a command\u2019s result or the log', async () => {
    const bench = keep(await startBackofficeBench({ live: true }));
    const { backoffice, training } = bench;
    const { username, password, clientId, clientSecret } = training!.credentials;
    const results: unknown[] = [];
    const call = async (name: string, args: unknown = {}) => {
      const reply = await backoffice.dispatch(name, args);
      results.push(reply);
      return reply;
    };

    expect(await call('applications.list')).toMatchObject({ ok: true });
    expect(await call('applications.create', newApplicationArgs())).toMatchObject({
      ok: false,
      error: { code: 'failed_precondition', field: 'boardingUrl' },
    });
    expect(await call('backoffice.configure', { boardingUrl: 'http://evil.example/' })).toMatchObject({
      error: { code: 'invalid_argument', field: 'boardingUrl' },
    });
    await call('backoffice.configure', {
      boardingUrl: training!.boardingUrl,
      gatewayUrl: 'https://gateway.example/cardconnect/rest',
    });
    expect(await call('applications.create', newApplicationArgs())).toMatchObject({
      error: { code: 'failed_precondition', field: 'credentials' },
    });
    expect(await call('credentials.set', { username, password: 'wrong-password', clientSecret })).toMatchObject({
      ok: true,
      result: { credentials: { set: true, apiUser: username, clientId: 'merchapi' } },
    });
    expect(await call('applications.create', newApplicationArgs())).toMatchObject({
      ok: false,
      error: { code: 'failed_precondition', field: 'credentials' },
    });
    await call('credentials.set', { username, password, clientId, clientSecret });
    const created = await call('applications.create', newApplicationArgs());
    expect(created).toMatchObject({ ok: true, result: { status: 'INPROG' } });
    await call('backoffice.status');

    const settingsText = readFileSync(backofficeSettingsPath(bench.home), 'utf8');
    expect(JSON.parse(settingsText)).toEqual({
      boardingUrl: training!.boardingUrl,
      authUrl: '',
      gatewayUrl: 'https://gateway.example/cardconnect/rest',
      hubUrl: '',
    });
    const everythingShown = [settingsText, JSON.stringify(results), bench.log()].join('\n');
    for (const secret of [password, 'wrong-password', clientSecret]) expect(everythingShown).not.toContain(secret);
    expect(bench.log()).toContain('boarding call');

    // The store itself: 0600 in a 0700 folder, beside the settings, and nowhere else.
    if (process.platform !== 'win32') {
      expect(statSync(bench.home).mode & 0o777).toBe(0o700);
      expect(statSync(join(bench.home, 'secrets.json')).mode & 0o777).toBe(0o600);
    }
    const holders = readdirSync(bench.home).filter((name) =>
      readFileSync(join(bench.home, name), 'utf8').includes(clientSecret),
    );
    expect(holders).toEqual(['secrets.json']);
  });

  it('are refused in training, which uses the emulator\u2019s own', async () => {
    const bench = keep(await startBackofficeBench());
    const reply = await bench.backoffice.dispatch('credentials.set', {
      username: 'someone',
      password: 'pw',
      clientSecret: 'another-secret',
    });
    expect(reply).toMatchObject({ ok: false, error: { code: 'failed_precondition', field: 'credentials' } });
  });
});
