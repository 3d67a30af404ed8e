import { createServer, type IncomingMessage, type Server } from 'node:http';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { collectingLogger } from '../../../support/test-core';
import { afterEach, describe, expect, it } from 'vitest';
import { receiptMailSettingsSchema } from '../../../../src-main/lane/config/receipt-mail-settings';
import { receiptSmsSettingsSchema } from '../../../../src-main/lane/config/receipt-sms-settings';
import { settingsSchema } from '../../../../src-main/lane/config/schema';
import { createReceiptOutbox, type ReceiptOutbox } from '../../../../src-main/lane/receipt-mail/outbox';
import { maskPhone, phoneNumberOf } from '../../../../src-main/lane/receipt-mail/phone';
import { ManualClock } from '../../../support/manual-clock';
import { fullEmvSale } from '../../../support/receipts';

interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly authorization: string | undefined;
  readonly body: { to: string; from?: string; text: string };
}

/** A real HTTP SMS gateway on loopback that records each request and answers `status` (500 when down). */
async function startGateway() {
  const requests: RecordedRequest[] = [];
  const gateway = { requests, status: 200, port: 0, server: undefined as unknown as Server };
  const read = async (request: IncomingMessage) => {
    let text = '';
    for await (const chunk of request) text += String(chunk);
    return text;
  };
  gateway.server = createServer((request, response) => {
    void read(request).then((text) => {
      const body = JSON.parse(text) as RecordedRequest['body'];
      requests.push({
        method: request.method!,
        url: request.url!,
        authorization: request.headers.authorization,
        body,
      });
      response.writeHead(gateway.status, { 'content-type': 'application/json' });
      // A gateway that quotes the number back, as real ones do in their errors.
      response.end(JSON.stringify(gateway.status < 300 ? { id: 'm1' } : { error: `cannot deliver to ${body.to}` }));
    });
  });
  await new Promise<void>((resolve) => gateway.server.listen(0, '127.0.0.1', resolve));
  gateway.port = (gateway.server.address() as { port: number }).port;
  servers.push(gateway.server);
  return gateway;
}

const servers: Server[] = [];
const opened: ReceiptOutbox[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((outbox) => outbox.close()));
  await Promise.all(servers.splice(0).map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
});

function lane(smsUrl: string | null, folder = mkdtempSync(join(tmpdir(), 'sms-outbox-'))) {
  const clock = new ManualClock(Date.UTC(2026, 10, 22, 12));
  const { logger, lines } = collectingLogger();
  const sms = receiptSmsSettingsSchema.parse({
    url: smsUrl,
    from: 'CORNER',
    link: 'https://corner.example/r/{orderId}',
    firstRetryMs: 30_000,
    maxAttempts: 4,
  });
  const facts = fullEmvSale();
  const path = join(folder, 'receipt-outbox.sqlite');
  const outbox = createReceiptOutbox({
    path,
    clock,
    settings: () => receiptMailSettingsSchema.parse({}),
    smsSettings: () => sms,
    password: async () => undefined,
    smsToken: async () => 'tok-123',
    receiptFacts: (orderId) =>
      orderId === 'LANE01-1' ? { ...facts, gateway: { ...facts.gateway, orderId } } : undefined,
    training: false,
    logger,
  });
  opened.push(outbox);
  const pass = async (ms = 0) => {
    clock.advance(ms);
    await outbox.settled();
  };
  return { outbox, path, pass, logs: () => lines.join(''), facts };
}

describe('texted receipts through a real HTTP SMS gateway', () => {
  it('posts a short text with the total, the last four, the approval code and the link, then forgets the number', async () => {
    const gateway = await startGateway();
    const { outbox, path, pass, logs, facts } = lane(`http://127.0.0.1:${gateway.port}/messages`);
    outbox.queueText({ orderId: 'LANE01-1', phone: '(555) 234-5678' });
    expect(gateway.requests).toHaveLength(0);
    await pass();
    expect(gateway.requests).toHaveLength(1);
    const [request] = gateway.requests;
    expect(request).toMatchObject({ method: 'POST', url: '/messages', authorization: 'Bearer tok-123' });
    expect(request!.body.to).toBe('+15552345678');
    expect(request!.body.from).toBe('CORNER');
    const text = request!.body.text;
    expect(text).toContain('$12.34');
    expect(text).toContain(`****${facts.card.lastFour}`);
    expect(text).toContain(`approval ${facts.gateway.authcode}`);
    expect(text).toContain('https://corner.example/r/LANE01-1');
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text).not.toMatch(/\d{13,}/);
    expect(outbox.state()).toMatchObject({
      waiting: [],
      finished: [{ orderId: 'LANE01-1', channel: 'sms', state: 'sent', attempts: 1 }],
    });
    const onDisk = [path, `${path}-wal`]
      .filter((file) => existsSync(file))
      .map((file) => readFileSync(file).toString('latin1'))
      .join('');
    expect(onDisk).not.toContain('5552345678');
    expect(logs()).toContain('receipt text sent');
    expect(logs()).not.toContain('5552345678');
  });

  it('retries a gateway that answers 500, on the clock, and sends once it recovers: nothing lost, the number never logged', async () => {
    const gateway = await startGateway();
    gateway.status = 500;
    const { outbox, pass, logs } = lane(`http://127.0.0.1:${gateway.port}/messages`);
    outbox.queueText({ orderId: 'LANE01-1', phone: '+1 555 234 5678' });
    await pass();
    expect(outbox.state().waiting).toMatchObject([
      { channel: 'sms', attempts: 1, problem: expect.stringContaining('try later (500)') },
    ]);
    await pass(29_999);
    expect(gateway.requests).toHaveLength(1);
    await pass(1);
    expect(gateway.requests).toHaveLength(2);
    gateway.status = 200;
    await pass(60_000);
    expect(gateway.requests).toHaveLength(3);
    expect(gateway.requests.map((request) => request.body.to)).toEqual(Array(3).fill('+15552345678'));
    expect(outbox.state()).toMatchObject({ waiting: [], finished: [{ state: 'sent', channel: 'sms', attempts: 3 }] });
    expect(logs()).toContain('will try again');
    // The gateway quoted the number back in its 500s: the problem and the log hold none of it.
    expect(logs()).toContain('[phone removed]');
    expect(logs()).not.toMatch(/555.?234.?5678/);
    expect(JSON.stringify(outbox.state())).not.toMatch(/555.?234.?5678/);
  });

  it('keeps a queued text across a restart of the lane while the gateway is down', async () => {
    const gateway = await startGateway();
    gateway.status = 503;
    const folder = mkdtempSync(join(tmpdir(), 'sms-restart-'));
    const url = `http://127.0.0.1:${gateway.port}/messages`;
    const first = lane(url, folder);
    first.outbox.queueText({ orderId: 'LANE01-1', phone: '5552345678' });
    await first.pass();
    await first.outbox.close();
    gateway.status = 200;
    const second = lane(url, folder);
    await second.pass(30_000);
    expect(gateway.requests).toHaveLength(2);
    expect(second.outbox.state().finished).toMatchObject([{ channel: 'sms', state: 'sent', attempts: 2 }]);
  });

  it('states a gateway refusal (4xx) as final, without the number', async () => {
    const gateway = await startGateway();
    gateway.status = 400;
    const { outbox, pass, logs } = lane(`http://127.0.0.1:${gateway.port}/messages`);
    outbox.queueText({ orderId: 'LANE01-1', phone: '555-234-5678' });
    await pass();
    const [finished] = outbox.state().finished;
    expect(finished).toMatchObject({ state: 'not-sent', channel: 'sms', attempts: 1 });
    expect(finished?.reason).toMatch(
      /^The SMS gateway refused the text \(400\): .*cannot deliver to \[phone removed\]/,
    );
    expect(logs()).not.toContain('5552345678');
  });

  it('refuses a phone number that is neither E.164 nor 10 US digits, naming the field, before anything is queued', async () => {
    const { outbox } = lane('http://127.0.0.1:9/messages');
    for (const [phone, why] of [
      ['555-1234', 'has 7 digits'],
      ['', 'empty'],
      ['555 234 567x', 'a character'],
      ['(055) 234-5678', 'start with 2-9'],
      ['+0 44 20 7946', 'never starts with 0'],
      ['+1234', '8 to 15 digits'],
      ['55+5234567', 'may only come first'],
    ] as const) {
      expect(() => outbox.queueText({ orderId: 'LANE01-1', phone })).toThrow(
        expect.objectContaining({ kind: 'invalid', field: 'phone', message: expect.stringContaining(why) }),
      );
    }
    expect(() => outbox.queueText({ orderId: 'NOPE-1', phone: '5552345678' })).toThrow(
      expect.objectContaining({ field: 'orderId', message: expect.stringContaining('no receipt to text') }),
    );
    expect(outbox.state().waiting).toEqual([]);
  });

  it('says texted receipts are off without a gateway URL', () => {
    const { outbox } = lane(null);
    expect(() => outbox.queueText({ orderId: 'LANE01-1', phone: '5552345678' })).toThrow(/receiptSms\.url/);
  });
});

describe('phone numbers and the receiptSms settings', () => {
  it('reads numbers as people type them into E.164, and masks them for the screen', () => {
    expect(phoneNumberOf('555.234.5678')).toEqual({ e164: '+15552345678' });
    expect(phoneNumberOf('1 (555) 234-5678')).toEqual({ e164: '+15552345678' });
    expect(phoneNumberOf('+44 20 7946 0958')).toEqual({ e164: '+442079460958' });
    expect(maskPhone('+15552345678')).toBe('+1\u2022\u2022\u2022\u2022\u2022\u20225678');
  });

  it('refuses a gateway URL that is not http(s) and a bad link, naming the field', () => {
    const bad = settingsSchema.safeParse({ receiptSms: { url: 'ftp://sms.example', link: 'not a url' } });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['receiptSms.url', 'receiptSms.link']));
    expect(settingsSchema.parse({}).receiptSms).toMatchObject({ url: null, link: null, from: null });
  });
});
