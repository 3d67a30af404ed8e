import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Journal } from '../../../../src-main/lane/journal/journal';
import { loadSettings } from '../../../../src-main/lane/config/settings';
import { createOutboundSender } from '../../../../src-main/platform/http/outbound';
import { createLogger } from '../../../../src-main/platform/log/logger';
import { applySettingsPush, PushRefused } from '../../../../src-main/lane/hub/settings-push';
import { settingsPollMs, startSettingsPull } from '../../../../src-main/lane/hub/settings-pull';
import { ManualClock } from '../../../support/manual-clock';
import { until } from '../../../support/until';
import { FakeHub } from './fake-hub';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function lane() {
  const home = mkdtempSync(join(tmpdir(), 'settings-push-'));
  writeFileSync(
    join(home, 'settings.json'),
    JSON.stringify({ terminalId: 'LANE-07', hub: { url: 'http://127.0.0.1:8713', laneId: 'lane-3f9k2c' } }),
  );
  const { settings } = loadSettings({ appDataDir: home, env: {} });
  return { home, settings, file: { appDataDir: home, sources: {} } };
}

const fileOf = (home: string) =>
  JSON.parse(readFileSync(join(home, 'settings.json'), 'utf8')) as Record<string, unknown>;

describe('a settings push from the store hub', () => {
  it('is merged into settings.json with its version, and the live settings take it up', () => {
    const { home, settings, file } = lane();
    const pushed = { settings: { payments: { tips: true }, staff: { refundLimitMinor: 2500 } } };
    expect(applySettingsPush(settings, file, 4, pushed)).toEqual({ restartNeeded: [] });
    expect(fileOf(home)).toEqual({
      terminalId: 'LANE-07',
      hub: { url: 'http://127.0.0.1:8713', laneId: 'lane-3f9k2c', settingsVersion: 4 },
      payments: { tips: true },
      staff: { refundLimitMinor: 2500 },
    });
    expect(settings.payments.tips).toBe(true);
    expect(settings.staff.refundLimitMinor).toBe(2500);
    expect(settings.hub.settingsVersion).toBe(4);
  });

  it.each([
    [
      'a bad value, naming the field',
      {
        settings: {
          kiosk: {
            taxRates: [
              { id: 'std', name: 'Tax', basisPoints: 825 },
              { id: 'x', name: 'X', basisPoints: 20_000 },
            ],
          },
        },
      },
      'kiosk.taxRates[1].basisPoints: expected an integer from 0 to 10000, got 20000',
    ],
    [
      'a key the hub may not push',
      { settings: { gateway: { url: 'https://evil.example/rest' } } },
      'gateway: not a setting the hub may push (it may push staff, payments, surcharge, signature, kiosk, offline)',
    ],
    [
      'a document without settings',
      { catalogue: [] },
      'settings: expected an object of lane settings ({ settings: { … } })',
    ],
  ])('is refused whole for %s, and nothing changes', (_what, document, reason) => {
    const { home, settings, file } = lane();
    const before = readFileSync(join(home, 'settings.json'), 'utf8');
    const push = { settings: { payments: { tips: true }, ...(document as { settings?: object }).settings } };
    const refused = (() => {
      try {
        applySettingsPush(settings, file, 5, 'settings' in document ? push : document);
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(PushRefused);
    expect((refused as PushRefused).reason).toBe(reason);
    expect(readFileSync(join(home, 'settings.json'), 'utf8')).toBe(before);
    expect(settings.payments.tips).toBe(false);
  });

  it('is taken from the hub on the clock, told back through the outbox, and not applied twice', async () => {
    const { home, settings, file } = lane();
    const clock = new ManualClock(Date.UTC(2026, 10, 28, 14, 0, 0));
    const journal = Journal.open(join(home, 'journal.sqlite'), { clock, terminalId: 'LANE-07' });
    cleanups.push(() => journal.close());
    const hub = new FakeHub('lane-3f9k2c', 'A'.repeat(43));
    await hub.start();
    cleanups.push(() => hub.stop());
    let applied = 0;
    const pull = startSettingsPull({
      sender: createOutboundSender({ clock }),
      address: { url: hub.url, laneId: hub.laneId, key: hub.key },
      clock,
      logger: createLogger({ level: 'silent' }),
      outbox: journal.hub,
      appliedVersion: () => settings.hub.settingsVersion,
      apply: (version, document) => {
        applied++;
        applySettingsPush(settings, file, version, document);
      },
    });
    cleanups.push(() => pull.stop());
    await pull.pollNow(); // 204: nothing pushed yet
    expect(journal.hub.pending()).toBe(0);
    hub.settings = { version: 1, document: { settings: { payments: { tips: true } } } };
    clock.advance(settingsPollMs);
    await until(() => journal.hub.pending() === 1);
    expect(journal.hub.after(0, 10).map(({ kind, body }) => ({ kind, body }))).toEqual([
      { kind: 'settings.applied', body: { version: 1 } },
    ]);
    expect(fileOf(home)).toMatchObject({ payments: { tips: true }, hub: { settingsVersion: 1 } });
    await pull.pollNow();
    expect(applied).toBe(1);
    hub.settings = { version: 2, document: { settings: { surcharge: { percent: 'a lot' } } } };
    await pull.pollNow();
    await pull.pollNow(); // a refused version is refused once
    const told = journal.hub.after(1, 10);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ kind: 'settings.refused', body: { version: 2 } });
    expect((told[0]!.body as { reason: string }).reason).toMatch(/^surcharge\.percent: /);
    expect(settings.hub.settingsVersion).toBe(1);
  });
});
