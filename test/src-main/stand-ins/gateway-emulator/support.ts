import { afterEach, beforeEach } from 'vitest';
import type { Clock } from '../../../../src-main/platform/clock';
import { startEmulator, type RunningEmulator } from '../../../../src-main/stand-ins/gateway-emulator/server';
import { createEmulatorIds } from '../../../../src-main/stand-ins/gateway-emulator/ids';

export const siteAuth = `Basic ${Buffer.from('testing:testing123').toString('base64')}`;
export const merchantAuth = `Basic ${Buffer.from('lane-merchant:lane-merchant-pw').toString('base64')}`;
export const rpctMerchant = '496160873888';
export const fnorMerchant = '820000000001';

/**
 * A fresh emulator with a fixed clock (2026-11-22 12:00 UTC; a test that times its delay faults
 * passes a ManualClock), predictable ids, and plain
 * answers so tests can compare exact shapes (realism.test.ts covers the noisy default).
 */
export async function freshEmulator(
  clock: Pick<Clock, 'now'> & Partial<Pick<Clock, 'sleep'>> = { now: () => Date.UTC(2026, 10, 22, 12, 0, 0) },
): Promise<RunningEmulator> {
  return startEmulator({
    realism: false,
    clock,
    ids: createEmulatorIds(Buffer.alloc(32, 7), 343005123100),
  });
}

/**
 * A fresh emulator (freshEmulator) before each test of the calling file, closed after it; `take`
 * receives each one as it starts.
 */
export function freshEmulatorPerTest(take: (emulator: RunningEmulator) => void): void {
  let current: RunningEmulator | undefined;
  beforeEach(async () => {
    current = await freshEmulator();
    take(current);
  });
  afterEach(async () => {
    await current?.close();
  });
}

/** Plain fetch against the emulator, as any integrator would call it. */
export async function call(
  emulator: RunningEmulator,
  method: string,
  path: string,
  body?: unknown,
  authorization = siteAuth,
) {
  const response = await fetch(`${emulator.url}/${path}`, {
    method,
    headers: { Authorization: authorization, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, text, json: json as Record<string, unknown> & Array<Record<string, unknown>> };
}

export const sale = (fields: Record<string, unknown> = {}) => ({
  merchid: rpctMerchant,
  account: '4788250000121443',
  expiry: '1228',
  amount: '12.34',
  currency: 'USD',
  ...fields,
});

/** The emulator's JSON answer to `sale(fields)` PUT to auth with the site credentials. */
export async function saleAnswer(emulator: RunningEmulator, fields: Record<string, unknown> = {}) {
  return (await call(emulator, 'PUT', 'auth', sale(fields))).json;
}
