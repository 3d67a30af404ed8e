import { afterEach, describe, expect, it } from 'vitest';
import { createEmulatorIds } from '../../../../src-main/stand-ins/gateway-emulator/ids';
import { startEmulator, type RunningEmulator } from '../../../../src-main/stand-ins/gateway-emulator/server';
import { call, rpctMerchant, saleAnswer, siteAuth } from './support';

let emulator: RunningEmulator;
const get = (path: string, root = emulator.url) => fetch(`${root}/${path}`, { headers: { Authorization: siteAuth } });
afterEach(async () => {
  await emulator.close();
});

describe('the inquiry rate limit', () => {
  // developer-guides.md, "UAT Request Rate Limiting": funding, inquire, profile and settlestat,
  // 20 a minute by address; X-Rate-Limit-Retry-After-Seconds on a 429, X-Rate-Limit-Remaining on a 200.
  it('answers 429 with the documented headers past 20 inquiries a minute, and lets them through a minute later', async () => {
    let now = Date.UTC(2026, 10, 22, 12);
    emulator = await startEmulator({
      clock: { now: () => now },
      ids: createEmulatorIds(Buffer.alloc(32), 343005123100),
    });
    for (let i = 0; i < 20; i++) {
      const answer = await get(`inquire/1/${rpctMerchant}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-rate-limit-remaining')).toBe(String(19 - i));
    }
    now += 15_000;
    const refused = await get(`inquire/1/${rpctMerchant}`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-rate-limit-retry-after-seconds')).toBe('45');
    expect(refused.headers.get('x-rate-limit-remaining')).toBeNull();
    // Authorizations are not limited.
    expect((await saleAnswer(emulator)).respstat).toBe('A');
    now += 45_000;
    expect((await get(`inquire/1/${rpctMerchant}`)).status).toBe(200);
  });

  it('never throttles inquireByOrderid, and counts settlestat under either REST root', async () => {
    const now = Date.UTC(2026, 10, 22, 12);
    emulator = await startEmulator({ clock: { now: () => now } });
    for (let i = 0; i < 30; i++) {
      const answer = await get(`inquireByOrderid/LOST-${i}/${rpctMerchant}/1`);
      expect(answer.status).toBe(200);
      // Not a limited endpoint: no count to report.
      expect(answer.headers.get('x-rate-limit-remaining')).toBeNull();
    }
    for (let i = 0; i < 10; i++) expect((await get(`settlestat?merchid=${rpctMerchant}`)).status).toBe(200);
    for (let i = 0; i < 10; i++)
      expect((await get(`settlestat?merchid=${rpctMerchant}`, emulator.referenceUrl)).status).toBe(200);
    expect((await get(`inquire/1/${rpctMerchant}`, emulator.referenceUrl)).status).toBe(429);
    expect((await get(`inquireByOrderid/LOST-1/${rpctMerchant}/1`)).status).toBe(200);
  });

  it('counts funding, inquire, profile and settlestat together, and no endpoint the guide leaves out', async () => {
    const now = Date.UTC(2026, 10, 22, 12);
    emulator = await startEmulator({ clock: { now: () => now } });
    // Not named by "UAT Request Rate Limiting": never limited, never given a count.
    for (let i = 0; i < 25; i++) {
      const merchant = await get(`inquireMerchant/${rpctMerchant}`);
      expect(merchant.status).toBe(200);
      expect(merchant.headers.get('x-rate-limit-remaining')).toBeNull();
      const bySource = await call(emulator, 'POST', 'settlestatByBatchSource', {
        merchid: rpctMerchant,
        batchsource: 'SRC-1',
      });
      expect(bySource.status).toBe(200);
    }
    const limited = [
      `funding?merchid=${rpctMerchant}&date=1122`,
      `inquire/1/${rpctMerchant}`,
      `profile/1/1/${rpctMerchant}`,
      `settlestat?merchid=${rpctMerchant}`,
    ];
    for (let i = 0; i < 20; i++) {
      const answer = await get(limited[i % limited.length]!);
      expect(answer.status).not.toBe(429);
    }
    for (const path of limited) {
      const refused = await get(path);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('x-rate-limit-retry-after-seconds'))).toBe(60);
    }
  });

  it('can be switched off', async () => {
    emulator = await startEmulator({ rateLimit: false });
    for (let i = 0; i < 25; i++) expect((await call(emulator, 'GET', `inquire/1/${rpctMerchant}`)).status).toBe(200);
  });
});
