import { describe, expect, it } from 'vitest';
import { createBoardingClient } from '../../../../src-main/backoffice/boarding/client';
import { BoardingAuthenticationError, readWireErrors } from '../../../../src-main/backoffice/boarding/errors';
import { minimalMerchant } from '../../../support/boarding';
import { boardingPairPerTest } from '../../../support/boarding-pair-per-test';

const startPair = boardingPairPerTest();

const second = 1000;

/** A fetch that notes each token grant and the headers of each API call. */
function watchedFetch() {
  const grants: string[] = [];
  const calls: Array<{ path: string; headers: Headers }> = [];
  const watched: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    if (url.pathname.endsWith('/token')) grants.push(new URLSearchParams(String(init?.body)).get('grant_type') ?? '');
    else calls.push({ path: url.pathname, headers: new Headers(init?.headers) });
    return fetch(input, init);
  };
  return { grants, calls, fetch: watched };
}

describe('the token', () => {
  it('is fetched once, renewed with the refresh grant before it lapses, and by password once the refresh token lapsed', async () => {
    const watch = watchedFetch();
    const pair = await startPair({}, { fetch: watch.fetch });
    const { client, clock } = pair;
    const merchantId = await client.merchants.create(999, minimalMerchant());
    await client.merchants.status(merchantId);
    expect(watch.grants).toEqual(['password']);
    expect(client.tokenExpiresAt()).toBe(clock.now() + 300 * second);
    clock.advance(250 * second);
    await client.merchants.status(merchantId);
    expect(watch.grants).toEqual(['password']);
    clock.advance(30 * second); // 20 s left: within the 30 s margin
    await client.merchants.status(merchantId);
    expect(watch.grants).toEqual(['password', 'refresh_token']);
    clock.advance(700 * second); // past the refresh token's 600 s
    await client.merchants.status(merchantId);
    expect(watch.grants).toEqual(['password', 'refresh_token', 'password']);
  });

  it('sends the bearer token and the version header on API calls', async () => {
    const watch = watchedFetch();
    const pair = await startPair({}, { fetch: watch.fetch });
    await pair.client.lookup('stateCodes');
    expect(watch.calls[0]!.headers.get('X-CopilotAPI-Version')).toBe('1.0');
    expect(watch.calls[0]!.headers.get('Authorization')).toMatch(/^Bearer ey/);
  });

  it('is checked by the emulator: an expired one is refused with the errors array', async () => {
    const pair = await startPair();
    const { emulator, clock } = pair;
    const form = new URLSearchParams({
      grant_type: 'password',
      client_id: emulator.credentials.clientId,
      client_secret: emulator.credentials.clientSecret,
      username: emulator.credentials.username,
      password: emulator.credentials.password,
    });
    const answer = (await (
      await fetch(`${emulator.url}/auth/realms/cardconnect/protocol/openid-connect/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form,
      })
    ).json()) as { access_token: string; refresh_token: string; expires_in: number; refresh_expires_in: number };
    expect([answer.expires_in, answer.refresh_expires_in]).toEqual([300, 600]);
    const call = (token: string) =>
      fetch(`${emulator.url}/lookup/stateCodes`, { headers: { Authorization: `Bearer ${token}` } });
    expect((await call(answer.access_token)).status).toBe(200);
    expect((await call(answer.refresh_token)).status).toBe(401);
    const tampered = answer.access_token.slice(0, -2) + (answer.access_token.endsWith('AA') ? 'BB' : 'AA');
    expect((await call(tampered)).status).toBe(401);
    clock.advance(301 * second);
    const expired = await call(answer.access_token);
    expect(expired.status).toBe(401);
    expect(readWireErrors(await expired.json())[0]).toMatchObject({ code: '1005', status: 'UNAUTHORIZED' });
  });

  it('renews once when the service refuses a token it still thinks good', async () => {
    const watch = watchedFetch();
    const pair = await startPair({ tokens: { accessSeconds: 300 } }, { fetch: watch.fetch });
    await pair.client.lookup('stateCodes');
    // The emulator's clock runs ahead of the client's: the held token has lapsed there.
    await pair.emulator.advance(400 * second);
    await pair.client.lookup('stateCodes');
    // Its refresh token (600 s) still works there, so the refresh grant is what renews it.
    expect(watch.grants).toEqual(['password', 'refresh_token']);
  });

  it('fails with an authentication error that names neither the secret nor the password', async () => {
    const pair = await startPair();
    const { username, clientId } = pair.emulator.credentials;
    const wrong = createBoardingClient({
      apiUrl: pair.emulator.url,
      credentials: { username, password: 'wrong-pass-1', clientId, clientSecret: 'bsec-4111111111111111-wrong' },
      clock: pair.clock,
    });
    const failure = (await wrong.lookup('stateCodes').catch((error: unknown) => error)) as Error;
    expect(failure).toBeInstanceOf(BoardingAuthenticationError);
    expect(failure.message).toContain('Invalid client secret');
    expect(`${failure.message}${failure.stack}`).not.toMatch(/bsec|wrong-pass/);
  });
});

describe('the errors array', () => {
  it('is read whether the field is spelled errorField or errorfield', () => {
    const body = {
      errors: [
        {
          code: '1105',
          message: 'Legal Business Name has invalid length.',
          errorfield: 'merchant.legalBusinessName',
          status: 'BAD_REQUEST',
        },
        { code: '1113', message: 'x', errorField: 'merchant.ownership.owner.ownerDob', status: 'BAD_REQUEST' },
      ],
    };
    expect(readWireErrors(body).map((error) => error.errorField)).toEqual([
      'merchant.legalBusinessName',
      'merchant.ownership.owner.ownerDob',
    ]);
  });
});
