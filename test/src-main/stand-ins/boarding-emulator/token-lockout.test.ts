import { afterEach, describe, expect, it } from 'vitest';
import {
  startBoardingEmulator,
  tokenRoute,
  type RunningBoardingEmulator,
} from '../../../../src-main/stand-ins/boarding-emulator/server';

let now = Date.UTC(2026, 10, 28, 9);
let emulator: RunningBoardingEmulator;
afterEach(() => emulator.close());

async function grant(fields: Record<string, string>) {
  const { clientId, clientSecret } = emulator.credentials;
  const response = await fetch(`${emulator.url}${tokenRoute}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', client_id: clientId, client_secret: clientSecret, ...fields }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, response };
}

describe('the token endpoint\u2019s lockout', () => {
  it('locks the client address after wrong passwords for many usernames, the real user included', async () => {
    emulator = await startBoardingEmulator({ clock: { now: () => now }, tickMs: 0, lockout: { addressFailures: 6 } });
    const { username, password } = emulator.credentials;
    for (let i = 0; i < 6; i++) expect((await grant({ username: `guess-${i}`, password: 'x' })).status).toBe(401);
    const locked = await grant({ username, password });
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({
      error: 'invalid_grant',
      error_description:
        'Logins from this address are temporarily locked after repeated failed logins; try again in 60 s',
    });
    expect(locked.response.headers.get('retry-after')).toBe('60');
    now += 60_000;
    expect((await grant({ username, password })).status).toBe(200);
  });

  it('counts only password guesses from a known client: a wrong client secret locks nobody', async () => {
    emulator = await startBoardingEmulator({ clock: { now: () => now }, tickMs: 0 });
    const { username, password } = emulator.credentials;
    for (let i = 0; i < 10; i++)
      expect((await grant({ username, password, client_secret: `wrong-${i}` })).status).toBe(401);
    expect((await grant({ username, password })).status).toBe(200);
  });

  it('counts the refresh grant apart: a bad refresh token is no password guess', async () => {
    emulator = await startBoardingEmulator({ clock: { now: () => now }, tickMs: 0 });
    const { username, password } = emulator.credentials;
    for (let i = 0; i < 10; i++)
      expect((await grant({ grant_type: 'refresh_token', refresh_token: `x.y.z${i}` })).status).toBe(400);
    expect((await grant({ username, password })).status).toBe(200);
  });
});
