import { systemClock } from '../src-main/platform/clock';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseReaderOutput } from '../drivers/card-reader/reader-output';
import type { CardRead } from '../drivers/card-reader/types';
import { EmulatedEncryptingReader } from '../src-main/stand-ins/devices/encrypting-reader';
import { startEmulator, type RunningEmulator } from '../src-main/stand-ins/gateway-emulator/server';
import { authorizationToWire } from '../src-main/lane/gateway/auth-request';
import { createGatewayClient, type GatewayClient } from '../src-main/lane/gateway/client';
import { Journal } from '../src-main/lane/journal/journal';
import { journaledAuthorize } from '../src-main/lane/payment/authorize/journaled-authorization';
import { encodeReceipt } from '../src-main/lane/receipt/escpos';
import { buildReceipt } from '../src-main/lane/receipt/model';
import { loadPrinterProfiles } from '../src-main/lane/receipt/profiles';
import { emulatedVisa } from '../test/support/cards';
import type { BenchCase, MeasuredSlice } from './harness';

/**
 * Issue 8's rows: with the emulator in-process and no delay, the terminal's own time around one
 * sale (CardRead to the request on its way, the answer to the receipt bytes) and the whole
 * journaled sale against the bare HTTP round trip of the same request.
 */
interface Lane {
  emulator: RunningEmulator;
  client: GatewayClient;
  journal: Journal;
  read: CardRead;
  marks: { sentAt: number; answeredAt: number };
  body: string;
}

const merchid = '496160873888';
const profile = loadPrinterProfiles('assets/printers').get('escpos-80mm')!;
const reader = new EmulatedEncryptingReader({ now: () => new Date(Date.UTC(2026, 10, 22)) });
// The Visa test card with no cardholder verification: no signature step in the sale.
const visa = { ...emulatedVisa, cvm: 'none' as const };

async function setup(): Promise<Lane> {
  const emulator = await startEmulator({ realism: false, rateLimit: false });
  const marks = { sentAt: 0, answeredAt: 0 };
  // The client's fetch, timed: the request leaves when fetch is called; the answer is in when it resolves.
  const timedFetch: typeof fetch = async (input, init) => {
    marks.sentAt = performance.now();
    const response = await fetch(input, init);
    marks.answeredAt = performance.now();
    return response;
  };
  const client = createGatewayClient({
    baseUrl: emulator.url,
    credentials: { level: 'site', username: 'testing', password: 'testing123' },
    fetch: timedFetch,
    clock: { ...systemClock, sleep: async () => undefined },
  });
  // A real file: the journal's synchronous=FULL writes cost what they cost on this disk.
  const journal = Journal.open(join(mkdtempSync(join(tmpdir(), 'bench-journal-')), 'journal.sqlite'), {
    clock: { now: () => Date.now() },
    terminalId: 'BENCH-01',
  });
  const output = parseReaderOutput(reader.chip(visa, 1500));
  if (output.kind !== 'card') throw new Error('the emulated reader did not read the card');
  const body = JSON.stringify(
    authorizationToWire({
      merchid,
      amount: 1500,
      track: output.read.track,
      orderid: 'RAW-1',
      capture: true,
      receipt: true,
    }),
  );
  return { emulator, client, journal, read: output.read, marks, body };
}

async function sale(lane: Lane): Promise<{ started: number; done: number }> {
  const started = performance.now();
  const { read } = lane;
  const result = await journaledAuthorize({
    journal: lane.journal,
    client: lane.client,
    request: { merchid, amount: 1500, track: read.track, capture: true, receipt: true },
    card: { maskedPan: read.maskedPan, entryMode: read.entryMode },
  });
  if (result.kind !== 'answered') throw new Error(`the bench sale was not answered: ${result.kind}`);
  const answer = result.authorization;
  const facts = {
    kind: 'sale' as const,
    amountMinor: answer.amount ?? 1500,
    card: { lastFour: read.lastFour, brand: read.applicationLabel ?? read.network, entryMethod: 'Chip Read' },
    gateway: {
      ...(answer.retref ? { retref: answer.retref } : {}),
      ...(answer.authcode ? { authcode: answer.authcode } : {}),
    },
    ...(answer.emvTagData ? { emv: answer.emvTagData } : {}),
    ...(answer.receipt ? { merchant: answer.receipt } : {}),
    signature: { required: false },
    merchantId: merchid,
    terminalId: 'BENCH-01',
  };
  for (const copy of ['merchant', 'customer'] as const)
    encodeReceipt(
      buildReceipt(facts, { copy, training: true, duplicate: false, printedAt: new Date(), columns: 48 }),
      profile,
    );
  return { started, done: performance.now() };
}

const teardown = async (context: unknown) => {
  const lane = context as Lane;
  lane.journal.close();
  await lane.emulator.close();
};

const authorization = `Basic ${Buffer.from('testing:testing123').toString('base64')}`;

/** A case that runs whole sales and measures one slice of each, between two of its marks. */
function saleSlice(name: string, slice: (lane: Lane, times: { started: number; done: number }) => number): BenchCase {
  return {
    name,
    iterations: 300,
    setup,
    teardown,
    run: async (context): Promise<MeasuredSlice> => {
      const lane = context as Lane;
      return { measuredMs: slice(lane, await sale(lane)) };
    },
  };
}

export const terminalBenchmarks: BenchCase[] = [
  saleSlice(
    'sale: CardRead -> auth request on its way (journal row, request built; target p99 <= 5 ms)',
    (lane, { started }) => lane.marks.sentAt - started,
  ),
  saleSlice(
    'sale: answer in -> receipt bytes ready, both copies (target p99 <= 5 ms)',
    (lane, { done }) => done - lane.marks.answeredAt,
  ),
  {
    name: 'sale: whole journaled sale with receipts, vs the bare HTTP round trip',
    iterations: 300,
    setup,
    teardown,
    run: (context) => sale(context as Lane),
    baseline: {
      name: 'raw PUT /auth',
      run: async (context) => {
        const lane = context as Lane;
        const response = await fetch(`${lane.emulator.url}/auth`, {
          method: 'PUT',
          headers: { Authorization: authorization, 'Content-Type': 'application/json' },
          body: lane.body,
        });
        return response.text();
      },
    },
  },
];
