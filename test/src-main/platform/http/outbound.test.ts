import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { systemClock } from '../../../../src-main/platform/clock';
import { createOutboundSender, retrying } from '../../../../src-main/platform/http/outbound';
import { MalformedAnswerError, readAnswer } from '../../../../src-main/platform/http/outbound-answer';
import {
  decideRetry,
  retryAfterMs,
  type AttemptFailure,
  type RetryDecision,
  type RetryRule,
} from '../../../../src-main/platform/http/outbound-retry';
import { ManualClock } from '../../../support/manual-clock';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function serve(handler: RequestListener): Promise<URL> {
  server = createServer(handler);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/call`);
}

const post = (url: URL, timeoutMs = 5000) => ({
  operation: 'test',
  method: 'POST' as const,
  url,
  body: '{}',
  timeoutMs,
});

describe('the outbound sender over real HTTP', () => {
  it('answered: status, headers and text', async () => {
    const url = await serve((_req, res) => res.writeHead(201, { 'Retry-After': '3' }).end('{"ok":true}'));
    const result = await createOutboundSender({ clock: systemClock }).send(post(url));
    expect(result).toMatchObject({ outcome: 'answered', requestSent: true, status: 201, text: '{"ok":true}' });
    expect(result.outcome === 'answered' && result.headers.get('retry-after')).toBe('3');
  });

  it('connection refused: not sent', async () => {
    const url = await serve(() => undefined);
    server!.close();
    server = undefined;
    const result = await createOutboundSender({ clock: systemClock }).send(post(url));
    expect(result).toMatchObject({ outcome: 'not-sent', requestSent: false, reason: 'connect', code: 'ECONNREFUSED' });
  });

  it('aborted before it started: not sent, and nothing reaches the server', async () => {
    let seen = 0;
    const url = await serve((_req, res) => void (seen++, res.end()));
    const closing = new AbortController();
    closing.abort();
    const result = await createOutboundSender({ clock: systemClock }).send({ ...post(url), signal: closing.signal });
    expect(result).toMatchObject({ outcome: 'not-sent', reason: 'aborted' });
    expect(seen).toBe(0);
  });

  it('connection dropped after the request arrived: unknown, never "not sent"', async () => {
    const url = await serve((req) => req.socket.destroy());
    const result = await createOutboundSender({ clock: systemClock }).send(post(url));
    expect(result).toMatchObject({ outcome: 'unknown', requestSent: true, timedOut: false });
  });

  it('answer cut off half way: unknown, with the status that began', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Length': '500' });
      res.write('{"half":');
      res.once('finish', () => undefined);
      setImmediate(() => res.socket?.destroy());
    });
    const result = await createOutboundSender({ clock: systemClock }).send(post(url));
    expect(result).toMatchObject({ outcome: 'unknown', requestSent: true, status: 200 });
  });

  it('times out on the manual clock: unknown and timed out, with no real wait', async () => {
    const clock = new ManualClock();
    const url = await serve(() => clock.advance(2000));
    const result = await createOutboundSender({ clock }).send(post(url, 2000));
    expect(result).toMatchObject({ outcome: 'unknown', timedOut: true, problem: 'no answer within 2000 ms' });
    expect(clock.pending).toBe(0);
  });

  it('elapsed time is read on the injected clock', async () => {
    const clock = new ManualClock();
    const url = await serve((_req, res) => (clock.advance(750), res.end('{}')));
    const result = await createOutboundSender({ clock }).send(post(url));
    expect(result).toMatchObject({ outcome: 'answered', elapsedMs: 750 });
  });
});

describe('answers read through the caller\u2019s schema', () => {
  const schema = z.object({ token: z.string(), amount: z.number() });
  const answered = (text: string) => ({
    outcome: 'answered' as const,
    requestSent: true as const,
    status: 200,
    headers: new Headers(),
    text,
    elapsedMs: 0,
  });

  it('returns the typed answer', () => {
    expect(readAnswer('tokenize', answered('{"token":"9","amount":1,"x":2}'), schema)).toEqual({
      token: '9',
      amount: 1,
    });
  });

  it.each([
    ['{"amount":1}', 'token'],
    ['{"token":"9","amount":"1"}', 'amount'],
    ['<html>', 'not JSON'],
  ])('%s is a MalformedAnswerError naming %s', (text, named) => {
    const error = (() => {
      try {
        readAnswer('tokenize', answered(text), schema);
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(MalformedAnswerError);
    expect((error as Error).message).toContain(named);
    expect((error as Error).message).toContain('tokenize');
  });
});

describe('decideRetry', () => {
  const read: RetryRule = {
    maxAttempts: 3,
    repeatable: true,
    retryStatus: (status) => status >= 500 || status === 429,
    firstDelayMs: 500,
    maxDelayMs: 800,
    rateLimitDelayMs: 3000,
  };
  const money: RetryRule = { ...read, repeatable: false };
  const retry = (delayMs: number): RetryDecision => ({ action: 'retry', delayMs });
  const stop: RetryDecision = { action: 'stop' };
  it.each<[string, RetryRule, number, AttemptFailure, RetryDecision]>([
    ['never sent, money', money, 1, { kind: 'not-sent' }, retry(500)],
    ['never sent, last attempt', money, 3, { kind: 'not-sent' }, stop],
    ['may have arrived, money', money, 1, { kind: 'unknown' }, stop],
    ['5xx, money', money, 1, { kind: 'status', status: 503 }, stop],
    ['may have arrived, read', read, 1, { kind: 'unknown' }, retry(500)],
    ['backoff is capped', read, 2, { kind: 'unknown' }, retry(800)],
    ['5xx, read', read, 1, { kind: 'status', status: 502 }, retry(500)],
    ['404 is not retried', read, 1, { kind: 'status', status: 404 }, stop],
    ['429 waits a slot per attempt', read, 2, { kind: 'status', status: 429 }, retry(6000)],
    [
      'Retry-After longer than the backoff wins',
      read,
      1,
      { kind: 'status', status: 503, retryAfterMs: 5000 },
      retry(5000),
    ],
    ['Retry-After past the cap stops', read, 1, { kind: 'status', status: 503, retryAfterMs: 120_000 }, stop],
    ['malformed, not asked', read, 1, { kind: 'malformed' }, stop],
    ['malformed, asked', { ...read, retryMalformed: true }, 1, { kind: 'malformed' }, retry(500)],
    ['final', read, 1, { kind: 'final' }, stop],
  ])('%s', (_name, rule, attempt, failure, expected) => {
    expect(decideRetry(rule, attempt, failure)).toEqual(expected);
  });

  it.each<[string | null, number | undefined]>([
    ['120', 120_000],
    ['Thu, 01 Jan 1970 00:00:10 GMT', 9000],
    ['Thu, 01 Jan 1970 00:00:00 GMT', 0],
    ['soon', undefined],
    [null, undefined],
  ])('Retry-After %s is %s ms from t=1 s', (header, expected) => {
    expect(retryAfterMs(header, 1000)).toBe(expected);
  });
});

describe('retrying', () => {
  it('waits on the clock between attempts and returns the last result', async () => {
    const clock = new ManualClock();
    const attempts: number[] = [];
    const done = retrying(
      clock,
      async (number) => (attempts.push(number), number),
      (result) => (result < 3 ? { action: 'retry', delayMs: 1000 } : { action: 'stop' }),
    );
    for (let turn = 0; turn < 10 && attempts.length < 3; turn++) {
      await new Promise((resolve) => setImmediate(resolve));
      clock.advance(1000);
    }
    expect(await done).toBe(3);
    expect(attempts).toEqual([1, 2, 3]);
  });

  it('a signal that ends the wait ends the attempts', async () => {
    const clock = new ManualClock();
    const closing = new AbortController();
    const done = retrying(
      clock,
      async () => 'failed',
      () => ({ action: 'retry', delayMs: 60_000 }),
      closing.signal,
    );
    await new Promise((resolve) => setImmediate(resolve));
    closing.abort();
    expect(await done).toBe('failed');
  });
});
