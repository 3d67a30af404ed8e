import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, onTestFinished } from 'vitest';
import { createGatewayClient, type GatewayClient } from '../../../../src-main/lane/gateway/client';
import {
  createTerminalClient,
  type TerminalClient,
  type TerminalClientOptions,
} from '../../../../src-main/lane/integrated-terminal/client';
import { Journal } from '../../../../src-main/lane/journal/journal';
import { startEmulator, type RunningEmulator } from '../../../../src-main/stand-ins/gateway-emulator/server';
import type { TerminalEmulatorConfigInput } from '../../../../src-main/stand-ins/terminal-emulator/config';
import {
  startTerminalEmulator,
  type RunningTerminalEmulator,
} from '../../../../src-main/stand-ins/terminal-emulator/server';
import type { PromptKind } from '../../../../src-main/stand-ins/terminal-emulator/terminal-device';
import { laneCredentials } from '../../../support/journal-lane';
import { ManualClock } from '../../../support/manual-clock';
import { noWaitClock } from '../../../support/no-wait-clock';
import { until } from '../../../support/until';

/**
 * A real gateway emulator and a terminal emulator authorizing at it over loopback HTTP, both on
 * one ManualClock, fresh for each test; plain fetch as any POS would call the Terminal API.
 */
export const apiKey = 'test-terminal-api-key-0001';
export const merchantId = '496160873888';
/** A merchant with two-factor authentication and an Ingenico Lane/3000 (no signature pad). */
export const twoFactorMerchant = '820000000001';
export const ingenico = '15225SC90709732';
export const clover = 'C042UQ93160289';
export const lane3000 = '14012PP20131409';
/** A terminal of a merchant the test's key does not open. */
export const foreignHsn = '99999SC00000001';

export interface Stand {
  readonly clock: ManualClock;
  readonly gateway: RunningEmulator;
  readonly terminals: RunningTerminalEmulator;
}

export function configFor(gateway: RunningEmulator): TerminalEmulatorConfigInput {
  return {
    apiKeys: [
      { key: apiKey, merchantIds: [merchantId, twoFactorMerchant, '820000000003'] },
      { key: 'another-key-00000001', merchantIds: ['820000000002'] },
    ],
    merchants: [
      { merchantId, pinDebit: true },
      { merchantId: twoFactorMerchant, twoFactor: true },
      { merchantId: '820000000002' },
      // Opened by the key, with no terminals (listTerminals' code 100).
      { merchantId: '820000000003' },
    ],
    terminals: [
      { hsn: ingenico, merchantId, deviceType: 'iSC250 Touch' },
      { hsn: clover, merchantId, deviceType: 'Mini 2' },
      { hsn: lane3000, merchantId: twoFactorMerchant, deviceType: 'Lane/3000' },
      { hsn: foreignHsn, merchantId: '820000000002', deviceType: 'Lane/7000' },
    ],
    gateway: {
      restUrl: gateway.referenceUrl,
      tokenizeUrl: `http://127.0.0.1:${gateway.port}/cardsecure/api/v1/ccn/tokenize`,
      username: 'testing',
      password: 'testing123',
    },
  };
}

/** A fresh stand before each test of the calling file, closed after it. */
export function standPerTest(take: (stand: Stand) => void): void {
  let current: Stand | undefined;
  beforeEach(async () => {
    const clock = new ManualClock(Date.UTC(2026, 10, 28, 15, 0, 0));
    const gateway = await startEmulator({ clock });
    const terminals = await startTerminalEmulator({ config: configFor(gateway), clock });
    current = { clock, gateway, terminals };
    take(current);
  });
  afterEach(async () => {
    await current?.terminals.close();
    await current?.gateway.close();
  });
}

export interface Reply {
  readonly status: number;
  readonly headers: Headers;
  readonly json: Record<string, unknown> | undefined;
}

/** POSTs to the Terminal API as a POS does. */
export async function post(
  stand: Stand,
  path: string,
  body: Record<string, unknown>,
  options: { readonly session?: string; readonly key?: string | null } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (options.key !== null) headers.Authorization = options.key ?? apiKey;
  if (options.session) headers['X-CardConnect-SessionKey'] = options.session;
  const response = await fetch(`${stand.terminals.url}/api/${path}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : undefined };
}

/** Connects to a terminal and returns the session key (the header's part before ";expires="). */
export async function connect(stand: Stand, hsn = ingenico, merchant = merchantId): Promise<string> {
  const reply = await post(stand, 'v2/connect', { merchantId: merchant, hsn });
  const header = reply.headers.get('X-CardConnect-SessionKey');
  if (reply.status !== 200 || !header) throw new Error(`connect failed: ${reply.status} ${JSON.stringify(reply.json)}`);
  return header.split(';')[0]!;
}

/** Waits until the terminal asks for `kind` (the request reached it over real HTTP). */
export async function prompted(stand: Stand, hsn: string, kind: PromptKind): Promise<void> {
  await until(() => stand.terminals.terminal(hsn).screen().prompt.kind === kind, `${hsn} asks for ${kind}`);
}

/** A short scribble, as a trainee signs on the pad. */
export const scribble = [
  [
    { x: 10, y: 50 },
    { x: 60, y: 20 },
    { x: 120, y: 70 },
  ],
  [
    { x: 130, y: 40 },
    { x: 200, y: 45 },
  ],
];

/**
 * A lane's side of the stand: a real journal on a temporary SQLite file (closed after the test),
 * the lane's gateway client at the stand's gateway (which recovers and voids there) and its
 * terminal client at the stand's terminal service, all on the stand's clock.
 */
export function laneOnStand(
  stand: Stand,
  options: { readonly timeouts?: TerminalClientOptions['timeouts'] } = {},
): { readonly journal: Journal; readonly gateway: GatewayClient; readonly terminals: TerminalClient } {
  const journal = Journal.open(join(mkdtempSync(join(tmpdir(), 'lanepoint-terminal-lane-')), 'journal.sqlite'), {
    clock: stand.clock,
    terminalId: 'LANE-01',
  });
  onTestFinished(() => journal.close());
  const gateway = createGatewayClient({ baseUrl: stand.gateway.url, credentials: laneCredentials, clock: noWaitClock });
  const terminals = createTerminalClient({
    baseUrl: stand.terminals.url,
    apiKey,
    merchantId,
    clock: stand.clock,
    ...(options.timeouts ? { timeouts: options.timeouts } : {}),
  });
  return { journal, gateway, terminals };
}
