import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { ZodError } from 'zod';
import { loadSettings, settingsEnvironment, settingsPath, SettingsError } from '../../src-main/lane/config/settings';
import { parseAuthorization } from '../../src-main/lane/gateway/auth-response';
import { parseCapture } from '../../src-main/lane/gateway/capture';
import { GatewayError } from '../../src-main/lane/gateway/errors';
import { parseMerchantInquiry } from '../../src-main/lane/gateway/merchant';
import { parseReversal } from '../../src-main/lane/gateway/reversal';
import { parseSettlement } from '../../src-main/lane/gateway/settlement';
import { parseTransactionRecord, parseTransactionRecords } from '../../src-main/lane/gateway/transaction-record';
import { readClientMessage } from '../../src-main/shells/host/bridge';
import { commands } from '../../src-main/lane/ipc/contract';
import { createDispatcher, type CommandHandlers } from '../../src-main/lane/ipc/dispatcher';
import { createLogger } from '../../src-main/platform/log/logger';
import {
  approvedAnswer,
  declinedAnswer,
  inquiredRecord,
  settlementBatch,
  timeoutAnswer,
} from '../support/gateway-answers';
import type { FuzzTarget } from './runner';
import { utf8 } from './samples';

const json = (value: unknown) => utf8(JSON.stringify(value));
const merchid = '496160873888';
/** Every reader of a gateway answer, each given the same body as the request sender would. */
const answerParsers: readonly ((json: unknown, raw: string) => unknown)[] = [
  parseAuthorization,
  parseCapture,
  (body, raw) => parseReversal('void', body, raw),
  (body, raw) => parseTransactionRecord('inquire', body, raw),
  (body, raw) => parseTransactionRecords('inquireByOrderid', body, raw),
  parseSettlement,
  parseMerchantInquiry,
];

/** A refusal by the dispatcher (unknown command, arguments that fail the contract's schema). */
class RefusedCommand extends Error {}

const quietLogger = createLogger({
  level: 'fatal',
  destination: new Writable({ write: (_chunk, _encoding, done) => done() }),
});
/** The contract's validation is what is fuzzed; past it, every command simply answers null. */
const answerNull = new Proxy({}, { get: () => () => null }) as CommandHandlers;
const dispatch = createDispatcher(answerNull, quietLogger);
const bridgeSeeds = [
  ...Object.entries(commands).flatMap(([name, command], id) =>
    command.args.safeParse({}).success ? [json({ type: 'command', id, name, args: {} })] : [],
  ),
  json({ type: 'command', id: 7, name: 'terminal.sale', args: { amountMinor: 1500 } }),
  json({ type: 'command', id: 8, name: 'session.signIn', args: { cashierId: '1001', pin: '1234' } }),
  json({
    type: 'command',
    id: 9,
    name: 'terminal.refund',
    args: { orderId: 'LANE01-000123', amountMinor: 500, reason: 'returned' },
  }),
];

const settingsDir = mkdtempSync(join(tmpdir(), 'fuzz-settings-'));
const settingsSeeds = [
  {},
  { mode: 'kiosk', training: true },
  { training: false, merchantId: merchid, gateway: { url: 'https://fts-uat.cardconnect.com' }, host: { port: 8710 } },
  {
    devices: [{ id: 'swipe', protocol: 'magtek-hid', hid: { vendorId: '0801', productId: '0002' } }],
    signaturePads: [{ id: 'pad', protocol: 'emulated' }],
    printers: [{ id: 'front', profile: 'escpos-58mm', tcp: { host: '127.0.0.1', port: 9100 } }],
  },
].map(json);

const environmentSamples: Record<string, string> = {
  mode: 'kiosk',
  training: 'true',
  terminalId: 'LANE01',
  merchantId: merchid,
  'gateway.url': 'http://127.0.0.1:8711',
  'host.port': '8710',
  'log.level': 'info',
};

/** The gateway answers, bridge frames and settings: outside text the main process reads. */
export const mainTargets: FuzzTarget[] = [
  {
    name: 'gateway answers (auth, capture, void, inquire, settlestat, merchant)',
    seeds: [
      approvedAnswer,
      declinedAnswer,
      timeoutAnswer,
      inquiredRecord,
      [inquiredRecord, inquiredRecord],
      settlementBatch,
      [settlementBatch],
      'Null Batches',
      { message: 'Invalid merchant' },
      { site: 'fts', cardproc: 'RPCT', enabled: true, merchid },
      {
        merchid,
        account: '9418594164541443',
        amount: '13.04',
        retref: '343005123105',
        batchid: '1900941444',
        setlstat: 'Queued for Capture',
      },
    ].map(json),
    json: true,
    // JSON.parse's SyntaxError is what the request sender turns into a ProtocolError.
    isTyped: (error) => error instanceof GatewayError || error instanceof SyntaxError,
    maxLength: 16_384,
    run: (input) => {
      const raw = Buffer.from(input).toString('utf8');
      const body: unknown = JSON.parse(raw);
      let refusal: unknown;
      let accepted = 0;
      for (const parse of answerParsers) {
        try {
          parse(body, raw);
          accepted++;
        } catch (error) {
          if (!(error instanceof GatewayError)) throw error;
          refusal = error;
        }
      }
      if (accepted === 0) throw refusal;
    },
  },
  {
    name: 'host/bridge frames (through the dispatcher and the contract)',
    seeds: bridgeSeeds,
    json: true,
    weight: 0.5,
    isTyped: (error) => error instanceof SyntaxError || error instanceof ZodError || error instanceof RefusedCommand,
    maxLength: 64 * 1024,
    run: async (input) => {
      const message = readClientMessage(Buffer.from(input), false);
      const reply = await dispatch(message.name, message.args);
      if (!reply.ok) {
        if (reply.error.code === 'internal') throw new Error(`the dispatcher failed inside: ${reply.error.message}`);
        throw new RefusedCommand(reply.error.message);
      }
    },
  },
  {
    name: 'config/settings.json (read from a real file)',
    seeds: settingsSeeds,
    json: true,
    weight: 0.25,
    isTyped: (error) => error instanceof SettingsError,
    maxLength: 16_384,
    run: (input) => {
      writeFileSync(settingsPath(settingsDir), input);
      return loadSettings({ appDataDir: settingsDir, env: {} });
    },
  },
  {
    name: 'config/environment (LANEPOINT_* variables)',
    // First byte: which variable; the rest: its value.
    seeds: settingsEnvironment.map((entry, i) =>
      utf8(`${String.fromCharCode(i)}${environmentSamples[entry.setting] ?? '1'}`),
    ),
    weight: 0.5,
    isTyped: (error) => error instanceof SettingsError,
    maxLength: 512,
    run: (input) => {
      const variable = settingsEnvironment[(input[0] ?? 0) % settingsEnvironment.length]!.variable;
      // The environment cannot hold NUL; everything else a shell can set is fair.
      const value = Buffer.from(input.subarray(1)).toString('utf8').replaceAll('\u0000', '');
      writeFileSync(settingsPath(settingsDir), '{}');
      return loadSettings({ appDataDir: settingsDir, env: { [variable]: value } });
    },
  },
];
