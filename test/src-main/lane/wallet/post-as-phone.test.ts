import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LaneError } from '../../../../src-main/lane/errors';
import { postAsPhone } from '../../../../src-main/lane/wallet/pay-link/lane-wallet';
import { generateLoopbackCertificate, type EmulatorCertificate } from '../../../../src-main/platform/tls';
import { ManualClock } from '../../../support/manual-clock';
import { until } from '../../../support/until';

/**
 * Training's emulated phone posting to the pay link (lane-wallet.ts postAsPhone) through the one
 * outbound sender: over https trusting the pay page's certificate alone, its timeout on the
 * lane's Clock.
 */
let certificate: EmulatorCertificate;
let other: EmulatorCertificate;
let server: Server;
let origin: string;
/** What the pay page does with each request: answer it (status and body) or say nothing. */
let answer: { status: number; body: string } | 'silent' = { status: 202, body: '{"message":"Paid."}' };
const received: Array<{ method: string; contentType: string; body: string }> = [];

beforeAll(async () => {
  certificate = await generateLoopbackCertificate(Date.now(), 'post-as-phone test', 1);
  other = await generateLoopbackCertificate(Date.now(), 'another page', 1);
  server = createServer({ cert: certificate.cert, key: certificate.key }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        contentType: request.headers['content-type'] ?? '',
        body: Buffer.concat(chunks).toString('utf8'),
      });
      if (answer !== 'silent') response.writeHead(answer.status).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('training\u2019s emulated phone posts to the pay link', () => {
  it('posts the payload as JSON and reads the page\u2019s answer: its status and message', async () => {
    received.length = 0;
    answer = { status: 202, body: '{"message":"Paid."}' };
    const said = await postAsPhone(`${origin}/pay/abc`, '{"token":"t"}', certificate.cert, new ManualClock());
    expect(said).toEqual({ status: 202, message: 'Paid.' });
    expect(received).toEqual([{ method: 'POST', contentType: 'application/json', body: '{"token":"t"}' }]);

    answer = { status: 502, body: 'Bad gateway' };
    expect(await postAsPhone(`${origin}/pay/abc`, '{}', certificate.cert, new ManualClock())).toEqual({
      status: 502,
      message: 'the pay page answered without JSON',
    });
  });

  it('a page that does not answer is refused after 15 s on the lane\u2019s clock, saying so', async () => {
    received.length = 0;
    answer = 'silent';
    const clock = new ManualClock();
    const posted = postAsPhone(`${origin}/pay/abc`, '{}', certificate.cert, clock);
    const outcome = posted.then(
      () => 'answered',
      (error: unknown) => error,
    );
    await until(() => received.length === 1, 'the post at the page');
    clock.advance(15_000);
    const error = await outcome;
    expect(error).toBeInstanceOf(LaneError);
    expect(error).toMatchObject({
      kind: 'refused',
      message: "Training's phone could not pay: the pay page did not answer (no answer within 15000 ms).",
    });
  });

  it('trusts the pay page\u2019s own certificate alone: a page under another is refused and gets nothing', async () => {
    received.length = 0;
    answer = { status: 202, body: '{"message":"Paid."}' };
    const error = await postAsPhone(`${origin}/pay/abc`, '{}', other.cert, new ManualClock()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LaneError);
    expect((error as LaneError).message).toMatch(/^Training's phone could not pay: the pay page did not answer \(/);
    expect(received).toEqual([]);
  });
});
