import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemClock } from '../src-main/platform/clock';
import { createGatewayClient, type GatewayClient } from '../src-main/lane/gateway/client';
import { createTerminalClient } from '../src-main/lane/integrated-terminal/client';
import { Journal } from '../src-main/lane/journal/journal';
import { runTerminalSale } from '../src-main/lane/terminal/terminal-sale';
import { startEmulator, type RunningEmulator } from '../src-main/stand-ins/gateway-emulator/server';
import { trainingTerminalConfig } from '../src-main/stand-ins/terminal-emulator/config';
import { startTerminalEmulator, type RunningTerminalEmulator } from '../src-main/stand-ins/terminal-emulator/server';
import { terminalTestCards } from '../src-main/stand-ins/terminal-emulator/test-cards';
import type { BenchCase, MeasuredSlice } from './harness';

/**
 * Issue 35's rows: a sale on an integrated terminal, the lane's own share of its two waits. The
 * gateway emulator and the terminal emulator run in this process with no delays; the emulated
 * terminal's customer inserts the card the moment it is asked. The terminal client's fetch is
 * timed, so the slices hold only the lane's work: from "pay" to the authCard request on its way
 * (the journal row with its order id, the request built), and from the terminal's answer to the
 * receipts built (the answer read and checked, the row completed, both copies laid out).
 */
interface Stand {
  gateway: RunningEmulator;
  terminals: RunningTerminalEmulator;
  client: GatewayClient;
  journal: Journal;
  sell: () => Promise<unknown>;
  marks: { sentAt: number; answeredAt: number };
  stopCustomer: () => void;
}

const merchantId = '496160873888';
const hsn = '15225SC90709732';
const apiKey = 'training-terminal-api-key';

async function setup(): Promise<Stand> {
  const gateway = await startEmulator({ realism: false, rateLimit: false });
  const terminals = await startTerminalEmulator({
    config: trainingTerminalConfig({
      restUrl: gateway.referenceUrl,
      tokenizeUrl: `http://127.0.0.1:${gateway.port}/cardsecure/api/v1/ccn/tokenize`,
      username: 'testing',
      password: 'testing123',
    }),
  });
  const marks = { sentAt: 0, answeredAt: 0 };
  // Only authCard is timed: the request leaves when fetch is called, the answer is in when its body is read.
  const timedFetch: typeof fetch = async (input, init) => {
    const authCard = String(input).endsWith('/authCard');
    if (authCard) marks.sentAt = performance.now();
    const response = await fetch(input, init);
    if (!authCard) return response;
    const body = await response.arrayBuffer();
    marks.answeredAt = performance.now();
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
  const terminal = createTerminalClient({ baseUrl: terminals.url, apiKey, merchantId, fetch: timedFetch });
  const client = createGatewayClient({
    baseUrl: gateway.url,
    credentials: { level: 'site', username: 'testing', password: 'testing123' },
    clock: { ...systemClock, sleep: async () => undefined },
  });
  // A real file: the journal's synchronous=FULL writes cost what they cost on this disk.
  const journal = Journal.open(join(mkdtempSync(join(tmpdir(), 'bench-terminal-')), 'journal.sqlite'), {
    clock: { now: () => Date.now() },
    terminalId: 'BENCH-01',
  });
  // The customer: inserts the Visa (no signature, no PIN) when the terminal asks for a card.
  const device = terminals.terminal(hsn);
  const stopCustomer = device.onChange((screen) => {
    if (screen.prompt.kind === 'card') queueMicrotask(() => device.insertCard(terminalTestCards.visa));
  });
  const sell = () =>
    runTerminalSale(
      {
        journal,
        client,
        merchid: merchantId,
        terminalId: 'BENCH-01',
        training: true,
        now: () => Date.now(),
        policy: 'never',
        terminal: { client: terminal, hsn, merchantId },
        tips: false,
        pinDebit: false,
      },
      { amountMinor: 1500, tender: 'sale', signal: new AbortController().signal },
    );
  return { gateway, terminals, client, journal, sell, marks, stopCustomer };
}

const teardown = async (context: unknown) => {
  const stand = context as Stand;
  stand.stopCustomer();
  stand.journal.close();
  await stand.terminals.close();
  await stand.gateway.close();
};

/** A case that runs whole terminal sales and measures one slice of each. */
function saleSlice(name: string, slice: (stand: Stand, times: { started: number; done: number }) => number): BenchCase {
  return {
    name,
    iterations: 200,
    setup,
    teardown,
    run: async (context): Promise<MeasuredSlice> => {
      const stand = context as Stand;
      const started = performance.now();
      await stand.sell();
      return { measuredMs: slice(stand, { started, done: performance.now() }) };
    },
  };
}

export const integratedTerminalBenchmarks: BenchCase[] = [
  saleSlice(
    'integrated terminal: pay -> authCard on its way, the lane\u2019s share (target p99 < 20 ms)',
    (stand, { started }) => stand.marks.sentAt - started,
  ),
  saleSlice(
    'integrated terminal: the terminal\u2019s answer -> receipts ready, the lane\u2019s share (target p99 < 20 ms)',
    (stand, { done }) => done - stand.marks.answeredAt,
  ),
];
