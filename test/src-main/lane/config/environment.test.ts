import { describe, expect, it } from 'vitest';
import { applyEnvironment, settingsEnvironment } from '../../../../src-main/lane/config/environment';
import { settingsSchema } from '../../../../src-main/lane/config/schema';

function valueAt(target: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], target);
}

describe('settingsEnvironment', () => {
  it('names real settings, each once, with LANEPOINT_ variables', () => {
    const defaults = settingsSchema.parse({});
    for (const { variable, setting } of settingsEnvironment) {
      expect(variable).toMatch(/^LANEPOINT_[A-Z_]+$/);
      expect(valueAt(defaults, setting), `${variable} → ${setting}`).not.toBeUndefined();
    }
    expect(new Set(settingsEnvironment.map((row) => row.setting)).size).toBe(settingsEnvironment.length);
    expect(new Set(settingsEnvironment.map((row) => row.variable)).size).toBe(settingsEnvironment.length);
  });

  it('covers the documented variables', () => {
    expect(Object.fromEntries(settingsEnvironment.map((row) => [row.variable, row.setting]))).toEqual({
      LANEPOINT_MODE: 'mode',
      LANEPOINT_TRAINING: 'training',
      LANEPOINT_TERMINAL_ID: 'terminalId',
      LANEPOINT_MERCHANT_ID: 'merchantId',
      LANEPOINT_GATEWAY_URL: 'gateway.url',
      LANEPOINT_HOST_PORT: 'host.port',
      LANEPOINT_LOG_LEVEL: 'log.level',
    });
  });
});

describe('applyEnvironment', () => {
  it.each([
    ['1', true],
    ['true', true],
    ['yes', true],
    ['TRUE', true],
    ['0', false],
    ['false', false],
    ['no', false],
    [' No ', false],
  ])('reads LANEPOINT_TRAINING=%j as %s', (raw, expected) => {
    const { input, issues } = applyEnvironment({}, { LANEPOINT_TRAINING: raw });
    expect(issues).toEqual([]);
    expect(input.training).toBe(expected);
  });

  it.each(['maybe', 'on', 'off', '2', 'y'])('refuses LANEPOINT_TRAINING=%j, naming the variable', (raw) => {
    const { input, issues } = applyEnvironment({ training: true }, { LANEPOINT_TRAINING: raw });
    expect(issues).toEqual([
      {
        setting: 'training',
        source: { kind: 'env', variable: 'LANEPOINT_TRAINING' },
        reason: `expected one of 1, true, yes, 0, false, no, got ${JSON.stringify(raw)}`,
      },
    ]);
    expect(input.training).toBe(true);
  });

  it('reads whole numbers as numbers and leaves other text for the schema to reject', () => {
    expect(applyEnvironment({}, { LANEPOINT_HOST_PORT: '9000' }).input).toEqual({ host: { port: 9000 } });
    expect(applyEnvironment({}, { LANEPOINT_HOST_PORT: '90.5' }).input).toEqual({ host: { port: '90.5' } });
  });

  it('overrides one leaf, keeps the rest of its section, and reports the variable per setting', () => {
    const file = { mode: 'counter', gateway: { url: 'https://a.example/' }, host: { port: 9000 } };
    const { input, sources } = applyEnvironment(file, {
      LANEPOINT_MODE: 'kiosk',
      LANEPOINT_GATEWAY_URL: 'https://b.example/',
      LANEPOINT_LOG_LEVEL: 'debug',
    });
    expect(input).toEqual({
      mode: 'kiosk',
      gateway: { url: 'https://b.example/' },
      host: { port: 9000 },
      log: { level: 'debug' },
    });
    expect(sources).toEqual({
      mode: 'LANEPOINT_MODE',
      'gateway.url': 'LANEPOINT_GATEWAY_URL',
      'log.level': 'LANEPOINT_LOG_LEVEL',
    });
    expect(file.gateway.url).toBe('https://a.example/'); // the caller's object is untouched
  });

  it('treats an empty variable as unset', () => {
    const { input, sources } = applyEnvironment({ mode: 'kiosk' }, { LANEPOINT_MODE: '', LANEPOINT_TRAINING: '' });
    expect(input).toEqual({ mode: 'kiosk' });
    expect(sources).toEqual({});
  });

  it('ignores variables outside the table', () => {
    const { input } = applyEnvironment({}, { LANEPOINT_KIOSK_IDLE_RESET_SECONDS: '30', LANEPOINT_HOME: '/x' });
    expect(input).toEqual({});
  });
});
