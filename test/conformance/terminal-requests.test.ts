import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTerminalClient, type TerminalClient } from '../../src-main/lane/integrated-terminal/client';
import { TerminalError } from '../../src-main/lane/integrated-terminal/errors';
import { parseSessionKeyHeader } from '../../src-main/lane/integrated-terminal/session-key';
import { ManualClock } from '../support/manual-clock';
import { loadTerminalReference, terminalReferenceMissing, type TerminalReference } from '../support/terminal-reference';

/**
 * Issue 35: the integrated terminal client against the Terminal API's OpenAPI file. The client
 * talks to a recording server on loopback that answers each operation with the reference's own
 * example; every request it made must match the file's path, method, required headers and
 * request body (every property a US-ASCII string, required fields present, no field the file
 * does not declare), and every example answer the file gives must be read by the client: a
 * success as its typed result, an error as a documented refusal (never "malformed", never an
 * unknown outcome).
 */

const missing = terminalReferenceMissing();
// Locally a missing reference skips with its reason as the suite's name; in CI the suite runs
// and fails on the missing file, so the proof cannot quietly vanish.
const skipped = missing !== undefined && !process.env.CI;
const suiteName = skipped
  ? `the terminal client’s requests against the Terminal API’s OpenAPI file (skipped: ${missing})`
  : 'the terminal client’s requests against the Terminal API’s OpenAPI file';
const suite = skipped ? describe.skip : describe;

interface Recorded {
  readonly label: string;
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string | undefined>;
  readonly body: unknown;
}

interface Answer {
  readonly status: number;
  readonly body?: unknown;
}

const merchantId = '1234';
const hsn = '14012PP20131409';
const apiKey = 'ZCb8rPkZcZDVO2CIngLsFrBJgA/BYyUzIHT2zaj3NPg=';
const started = Date.parse('2026-11-28T12:00:00.000Z');

/** A loopback terminal service that records each request and answers from `answerFor`. */
async function recordingService(label: () => string, answerFor: (path: string) => Answer | 'session') {
  const recorded: Recorded[] = [];
  let connects = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const path = request.url ?? '';
      const headers: Record<string, string | undefined> = {};
      for (const [name, value] of Object.entries(request.headers)) headers[name] = String(value);
      recorded.push({
        label: label(),
        method: request.method ?? '',
        path,
        headers,
        body: text ? JSON.parse(text) : undefined,
      });
      const answer = answerFor(path);
      if (answer === 'session') {
        // The reference's header example, "<key>;expires=<ISO-8601>", with an expiry ahead of the test's clock.
        const expires = new Date(started + 10 * 60_000).toISOString();
        response
          .writeHead(200, {
            'X-CardConnect-SessionKey': `e3072040eb08454dac18ff67cd6c31${String(++connects).padStart(2, '0')};expires=${expires}`,
          })
          .end();
        return;
      }
      if (answer.body === undefined) response.writeHead(answer.status).end();
      else response.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    recorded,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Each operation of the client, called with as many of its documented options as it has. */
function operationCalls(terminal: TerminalClient): Record<string, () => Promise<unknown>> {
  const signature = {
    signatureFormat: 'PNG',
    gzipSignature: false,
    signatureDimensions: '320,450',
    signatureImageType: 'rgb',
  } as const;
  const authorization = {
    hsn,
    amount: 2500,
    orderId: 'CONF-TERM-0001',
    authCode: '100',
    authMerchantId: '5678',
    bin: true,
    beep: true,
    capture: true,
    clearDisplayDelay: 500,
    createProfile: false,
    includeAmountDisplay: true,
    includeAVS: false,
    includeSignature: true,
    invoiceId: '123456789012',
    printReceipt: true,
    printExtraReceipt: true,
    printDelay: 2000,
    termId: 'TERM0001',
    userFields: { UDF1: '12345678', UDF2: 'Good info here' },
    ...signature,
  };
  return {
    listTerminals: () => terminal.listTerminals(),
    terminalDetails: () => terminal.terminalDetails(),
    preconnect: () => terminal.preconnect({ hsn }),
    connect: () => terminal.connect({ hsn, token: '123456', force: true }),
    dateTime: () => terminal.dateTime({ hsn, dateTime: '2021-02-03T11:30:45' }),
    getPanPadVersion: () => terminal.getPanPadVersion({ hsn }),
    ping: () => terminal.ping({ hsn }),
    display: () => terminal.display({ hsn, text: 'Try \n Again' }),
    clearDisplay: () => terminal.clearDisplay({ hsn }),
    readConfirmation: () => terminal.readConfirmation({ hsn, prompt: 'Is this debit?', beep: true }),
    readInput: () => terminal.readInput({ hsn, prompt: 'phone number', format: 'PHONE', beep: true }),
    readSignature: () => terminal.readSignature({ hsn, prompt: 'Please sign', ...signature }),
    cancel: () => terminal.cancel({ hsn }),
    readCard: () =>
      terminal.readCard({
        hsn,
        amount: 2500,
        includeAmountDisplay: true,
        confirmAmount: true,
        includeSignature: false,
        beep: true,
        aid: 'debit',
        includePIN: true,
        ...signature,
      }),
    readManual: () =>
      terminal.readManual({
        hsn,
        amount: 2500,
        includeSignature: true,
        includeExpirationDate: true,
        beep: true,
        ...signature,
      }),
    authCard: () => terminal.authCard({ ...authorization, aid: 'credit', confirmAmount: true, includePIN: false }),
    authManual: () => terminal.authManual({ ...authorization, orderId: 'CONF-TERM-0002', includeCVV: true }),
    tip: () =>
      terminal.tip({
        hsn,
        amount: 100,
        prompt: 'Add a tip?',
        includeAmountDisplay: true,
        includeCustomTipAmount: false,
        tipPercentPresets: [10, 15, 20],
      }),
    printReceipt: () =>
      terminal.printReceipt({ hsn, orderId: 'CONF-TERM-0001', printExtraReceipt: true, printDelay: 2000 }),
    // With a session of its own, so it is sent.
    disconnect: async () => {
      await terminal.ping({ hsn });
      return terminal.disconnect({ hsn });
    },
  };
}

suite(suiteName, () => {
  let reference: TerminalReference;
  let service: Awaited<ReturnType<typeof recordingService>>;
  let calls: Record<string, () => Promise<unknown>>;
  let current = '';
  /** An answer the next call's operation gets instead of its success example. */
  let override: { operation: string; answer: Answer } | undefined;
  const failures: string[] = [];

  beforeAll(async () => {
    reference = loadTerminalReference();
    const successes = new Map(
      reference.exampleAnswers
        .filter((example) => example.status === 200 && !example.source.includes('/'))
        .map((example) => [example.operation, example.body]),
    );
    service = await recordingService(
      () => current,
      (path) => {
        const operation = reference.operations.get(path) ?? '';
        if (override?.operation === operation) return override.answer;
        if (operation === 'connect') return 'session';
        const body = successes.get(operation);
        return body === undefined ? { status: 200 } : { status: 200, body };
      },
    );
    const terminal = createTerminalClient({
      baseUrl: service.baseUrl,
      apiKey,
      merchantId,
      clock: new ManualClock(started),
    });
    calls = operationCalls(terminal);
    for (const [operation, call] of Object.entries(calls)) {
      current = operation;
      try {
        await call();
      } catch (error) {
        failures.push(`${operation}: ${(error as Error).message}`);
      }
    }
  });

  afterAll(async () => {
    await service?.close();
  });

  it('called every operation of the reference, each answered by its success example without an error', () => {
    expect(failures).toEqual([]);
    const sent = new Set(service.recorded.map((call) => call.path));
    expect([...reference.operations.keys()].filter((path) => !sent.has(path))).toEqual([]);
    expect(reference.operations.size).toBe(20);
  });

  it('each request’s path, method, headers and body follow the OpenAPI file', () => {
    const problems = service.recorded.flatMap((call) =>
      reference
        .checkRequest(call.method, call.path, call.headers, call.body)
        .map((problem) => `${call.label}: ${call.method} ${call.path}: ${problem}`),
    );
    process.stdout.write(`terminal request conformance: ${service.recorded.length} requests checked\n`);
    expect(problems).toEqual([]);
  });

  it('the check itself finds a wrong request: an unknown field, a number, a missing header and field', () => {
    const problems = reference.checkRequest(
      'POST',
      '/api/v3/authCard',
      { 'content-type': 'application/json' },
      {
        merchantId,
        hsn,
        amount: 100,
        surprise: 'x',
      },
    );
    expect(problems).toEqual([
      'header Authorization is required',
      'header X-CardConnect-SessionKey is required',
      '/amount is not encoded as a US-ASCII string',
      '/surprise is not a field of the reference',
    ]);
    expect(reference.checkRequest('POST', '/api/v2/readCard', {}, { merchantId })).toContain('/amount is required');
  });

  it('every example answer of the OpenAPI file is read by the client', async () => {
    const unread: string[] = [];
    for (const example of reference.exampleAnswers) {
      const call = calls[example.operation];
      if (!call) {
        unread.push(`${example.source}: the client has no ${example.operation}`);
        continue;
      }
      current = `${example.operation} (${example.source})`;
      override = { operation: example.operation, answer: { status: example.status, body: example.body } };
      try {
        await call();
        if (example.status !== 200) unread.push(`${example.source}: an error answer was taken as success`);
      } catch (error) {
        const kind = error instanceof TerminalError ? error.kind : 'not a TerminalError';
        if (example.status === 200 || ['malformed', 'outcome-unknown', 'not a TerminalError'].includes(kind))
          unread.push(`${example.source}: ${kind}: ${(error as Error).message}`);
      } finally {
        override = undefined;
      }
    }
    process.stdout.write(`terminal example answers: ${reference.exampleAnswers.length} read\n`);
    expect(reference.exampleAnswers.length).toBeGreaterThan(20);
    expect(unread).toEqual([]);
  });

  it('an error example carrying authResponse gives authCard’s caller the authorization it made', async () => {
    const example = reference.exampleAnswers.find((one) => one.operation === 'authCard' && one.status === 500)!;
    override = { operation: 'authCard', answer: { status: 500, body: example.body } };
    try {
      await calls.authCard!();
      expect.unreachable('the 500 answer must be an error');
    } catch (error) {
      expect(error).toMatchObject({
        kind: 'refused',
        errorCode: 1,
        authResponse: { respstat: 'A', retref: '173006146691', amount: 100 },
      });
    } finally {
      override = undefined;
    }
  });

  it('connect’s session key examples are read (the "→" is how Postman prints the header)', () => {
    expect(reference.sessionKeyExamples).toHaveLength(2);
    for (const example of reference.sessionKeyExamples) {
      const [key, expires] = example.replace('→', '').split(';expires=');
      expect(parseSessionKeyHeader(example)).toEqual({ key, expiresAt: Date.parse(expires!) });
    }
  });

  it('the example sections that answer no operation are not the Terminal API’s', () => {
    // "Successful" ({errorcode, data, message}) and "WrongVersion" ({type, code, message}) are the
    // tokenizer's shapes, attached to no path of this file; a new unattached example fails here.
    expect(reference.unattachedExamples).toEqual(['Successful', 'WrongVersion']);
    // The file writes four lists as `{ [ ... ] }`; the loader mends them (see terminal-reference.ts).
    expect(reference.mended).toBe(4);
  });
});
