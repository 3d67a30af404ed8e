import { afterEach, describe, expect, it } from 'vitest';
import { createEmulatorIds } from '../../../src-main/emulator/ids';
import { startEmulator, type RunningEmulator } from '../../../src-main/emulator/server';
import { call, rpctMerchant, sale } from './support';

let emulator: RunningEmulator;
afterEach(async () => {
  await emulator.close();
});

describe('the inquiry rate limit', () => {
  it('answers 429 with Retry-After past 20 inquiries a minute, and lets them through a minute later', async () => {
    let now = Date.UTC(2026, 10, 22, 12);
    emulator = await startEmulator({ clock: { now: () => now }, ids: createEmulatorIds(Buffer.alloc(32), 343005123100) });
    for (let i = 0; i < 20; i++) expect((await call(emulator, 'GET', `inquire/1/${rpctMerchant}`)).status).toBe(200);
    const refused = await fetch(`${emulator.url}/inquireByOrderid/X/${rpctMerchant}/1`, { headers: { Authorization: `Basic ${Buffer.from('testing:testing123').toString('base64')}` } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Authorizations are not limited.
    expect((await call(emulator, 'PUT', 'auth', sale())).json.respstat).toBe('A');
    now += 60_000;
    expect((await call(emulator, 'GET', `inquire/1/${rpctMerchant}`)).status).toBe(200);
  });

  it('can be switched off', async () => {
    emulator = await startEmulator({ rateLimit: false });
    for (let i = 0; i < 25; i++) expect((await call(emulator, 'GET', `inquire/1/${rpctMerchant}`)).status).toBe(200);
  });
});
