import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { passwordGrant } from '../support/boarding';
import { startBoardingEmulator, type RunningBoardingEmulator } from '../../src-main/stand-ins/boarding-emulator/server';
import { startEmulator, type RunningEmulator } from '../../src-main/stand-ins/gateway-emulator/server';

/**
 * What a hostile tester found in the emulators themselves (issue 30, item 6), over real HTTP:
 * a forged bearer token that differs from a real one only in spelling, a malformed
 * %-encoding answered 500, a text/plain body the tokenizer took, and no end to password guesses.
 */

let now = Date.UTC(2026, 10, 28, 9, 0, 0);
const clock = { now: () => now };
let boarding: RunningBoardingEmulator | undefined;
let gateway: RunningEmulator | undefined;
afterEach(async () => {
  await boarding?.close();
  await gateway?.close();
  boarding = undefined;
  gateway = undefined;
});

async function startBoarding(): Promise<RunningBoardingEmulator> {
  boarding = await startBoardingEmulator({ clock, tickMs: 0 });
  return boarding;
}

/** The password grant with this password; the answer's status, JSON body and headers. */
async function login(emulator: RunningBoardingEmulator, password: string) {
  const response = await passwordGrant(emulator, password);
  const body = (await response.json()) as { access_token?: string; error?: string; error_description?: string };
  return { status: response.status, body, retryAfter: response.headers.get('retry-after') };
}

/** A GET with the target exactly as written (fetch would re-encode a stray %). */
function rawGet(port: number, path: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port, path }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, type: String(response.headers['content-type']), body }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('the boarding emulator\u2019s bearer token check', () => {
  it('takes only the signature it wrote, spelled as it wrote it', async () => {
    const emulator = await startBoarding();
    const token = (await login(emulator, emulator.credentials.password)).body.access_token!;
    const lookup = (bearer: string) =>
      fetch(`${emulator.url}/lookup/billToCodes`, { headers: { Authorization: `Bearer ${bearer}` } }).then(
        (r) => r.status,
      );
    expect(await lookup(token)).toBe(200);
    // A 43-character HS256 signature leaves two unused bits in its last character: flipping
    // them decodes to the same bytes, so a loose decoder takes the forgery.
    const last = token.at(-1)!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sameBytes = alphabet[alphabet.indexOf(last) ^ 1]!;
    for (const forged of [
      `${token.slice(0, -1)}${sameBytes}`,
      `${token}=`,
      `${token}!!`,
      `${token.slice(0, -2)}.${token.slice(-2)}`,
    ])
      expect(await lookup(forged), forged.slice(-6)).toBe(401);
  });
});

describe('a malformed %-encoding in the path', () => {
  it('is answered 400 with a JSON error by the boarding emulator', async () => {
    const emulator = await startBoarding();
    for (const path of ['/merchant/%zz', '/sign/%E0%A4%A/key', '/lookup/%']) {
      const answer = await rawGet(emulator.port, path);
      expect(answer.status, path).toBe(400);
      expect(answer.type).toContain('application/json');
      expect(answer.body).toContain('percent-encoding');
    }
  });

  it('is answered 400 with a JSON error by the gateway and the tokenizer', async () => {
    gateway = await startEmulator({ realism: false, clock });
    for (const path of ['/rest/inquire/%zz/1', '/cardsecure/api/v1/ccn/%tokenize']) {
      const answer = await rawGet(gateway.port, path);
      expect(answer.status, path).toBe(400);
      expect(answer.type).toContain('application/json');
      expect(answer.body).toContain('percent-encoding');
    }
  });
});

describe('the tokenizer', () => {
  it('refuses a body that is not declared application/json with 415', async () => {
    gateway = await startEmulator({ realism: false, clock });
    const tokenize = (contentType: string) =>
      fetch(`http://127.0.0.1:${gateway!.port}/cardsecure/api/v1/ccn/tokenize`, {
        method: 'POST',
        headers: { 'Content-Type': contentType },
        body: JSON.stringify({ account: '4111111111111111' }),
      });
    const plain = await tokenize('text/plain');
    expect(plain.status).toBe(415);
    expect(plain.headers.get('content-type')).toContain('application/json');
    expect(((await plain.json()) as { token?: string }).token).toBeUndefined();
    expect(plain.headers.get('x-emulator-problem')).toContain('Content-Type');
    expect((await tokenize('application/json; charset=utf-8')).status).toBe(200);
  });
});

describe('wrong passwords in a row', () => {
  it('lock the account for a growing time, the right password included', async () => {
    const emulator = await startBoarding();
    const guesses = [];
    for (let i = 0; i < 300; i++) guesses.push((await login(emulator, `guess-${i}`)).status);
    expect(guesses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(guesses.slice(5).every((status) => status === 429)).toBe(true);
    const locked = await login(emulator, emulator.credentials.password);
    expect(locked.status).toBe(429);
    expect(locked.body.access_token).toBeUndefined();
    expect(Number(locked.retryAfter)).toBeGreaterThan(0);
    // Once the lock is over, five more wrong ones lock it again for longer.
    now += Number(locked.retryAfter) * 1000;
    for (let i = 0; i < 5; i++) expect((await login(emulator, `again-${i}`)).status).toBe(401);
    const relocked = await login(emulator, emulator.credentials.password);
    expect(relocked.status).toBe(429);
    expect(Number(relocked.retryAfter)).toBeGreaterThan(Number(locked.retryAfter));
    now += Number(relocked.retryAfter) * 1000;
    expect((await login(emulator, emulator.credentials.password)).status).toBe(200);
  });
});
