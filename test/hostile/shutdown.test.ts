import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SaleSummary, TerminalState } from '../../src-main/lane/ipc/contract';
import { startEmulator } from '../../src-main/stand-ins/gateway-emulator/server';
import { Journal } from '../../src-main/lane/journal/journal';
import { emulatorAdmin } from '../support/emulator-admin';
import { openBridgePage, type BridgePage } from '../kills/bridge-page';
import { prepareLaneHome } from '../kills/lane-process';
import { screenSignature } from '../kills/plan';
import { lanepointBundled } from '../support/lanepoint-from-source';
import { until } from '../support/until';

/**
 * Issue 30, item 4: a stop with a sale open kept the process, the journal and the devices for
 * about 59 s (the card wait ran out its timeout), and SIGTERM to `npx lanepoint host` left the
 * host orphaned and listening (npm's `sh -c` died without telling it). The lane is a real
 * process here, driven through its bridge as a page drives it.
 */
const terminalId = 'SHUTDOWN-01';
/** Generous: the machine is shared; the lane itself bounds its stop at 5 s. */
const exitBoundMs = 15_000;
const started: ChildProcess[] = [];
const pids: number[] = [];
/** node's arguments for the command, from source (bundled once for the file's three lanes). */
let lanepoint: readonly string[] = [];

beforeAll(async () => {
  lanepoint = await lanepointBundled('lanepoint-shutdown');
});

afterEach(() => {
  for (const pid of pids.splice(0)) if (alive(pid)) process.kill(pid, 'SIGKILL');
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/** Whether `pid` still runs (a zombie nobody reaped yet has ended). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** Whether anything accepts a connection on 127.0.0.1:`port`. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Starts `command` (which starts the lane) in the checkout; resolves with the host's address once it serves. */
async function startLane(
  home: string,
  command: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ child: ChildProcess; url: string; lines: string[] }> {
  const child = spawn(command[0]!, command.slice(1), {
    cwd: process.cwd(),
    env: {
      ...process.env,
      LANEPOINT_HOME: home,
      LANEPOINT_TRAINING: 'true',
      LANEPOINT_TERMINAL_ID: terminalId,
      LANEPOINT_LOG_LEVEL: 'warn',
      LANEPOINT_HOST_TOKEN: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  const lines: string[] = [];
  const collect = (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean));
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  await until(() => lines.some((line) => /browser mode .* at http:\/\//.test(line)), 'the host serves', 30_000);
  const url = /(http:\/\/\S+)/.exec(lines.find((line) => /browser mode .* at http/.test(line))!)![1]!;
  return { child, url, lines };
}

async function signIn(page: BridgePage): Promise<void> {
  for (const deadline = performance.now() + 10_000; performance.now() < deadline;) {
    const devices = await page.call<Array<{ status: string }>>('devices.list');
    if (devices.ok && devices.result.length > 0 && devices.result.every((d) => d.status === 'connected')) break;
  }
  const signedIn = await page.call('session.signIn', { cashierId: '1001', pin: '1234' });
  expect(signedIn.ok).toBe(true);
}

/** Starts a sale of `amountMinor` and resolves once the lane waits for the card. */
async function saleAwaitingCard(page: BridgePage, amountMinor: number) {
  let awaiting = false;
  const stop = page.onEvent(({ name, payload }) => {
    if (name === 'terminal.state' && (payload as TerminalState).phase === 'awaiting-card') awaiting = true;
  });
  const reply = page.call<SaleSummary>('terminal.sale', { amountMinor });
  await until(() => awaiting, 'the lane waits for the card', 10_000);
  stop();
  return { reply };
}

/** Whether the host's port and `pids` are all gone within the bound; how long that took. */
async function goneWithin(port: number, pidsToWatch: number[]): Promise<number> {
  const from = performance.now();
  await until(() => pidsToWatch.every((pid) => !alive(pid)), `processes ${pidsToWatch.join(', ')} end`, exitBoundMs);
  const ms = performance.now() - from;
  expect(await listening(port)).toBe(false);
  return ms;
}

describe('stopping the lane with a sale open (issue 30, item 4)', () => {
  it('SIGTERM mid-sale: the lane exits within the bound, the port closes and the journal keeps the sale for the next start', async () => {
    const home = mkdtempSync(join(tmpdir(), 'hostile-shutdown-'));
    prepareLaneHome(home);
    const lane = await startLane(home, [process.execPath, ...lanepoint, 'host', '--port', '0']);
    const port = Number(new URL(lane.url).port);
    const page = await openBridgePage(lane.url);
    await signIn(page);
    // A partial approval: $5.00 of $12.34, so the sale still owes $7.34 when the stop comes.
    page.onEvent(({ name, payload }) => {
      if (name === 'signature.session' && (payload as { state: string }).state === 'capturing')
        void page.call('signature.submit', { signature: screenSignature }).catch(() => undefined);
    });
    const first = await saleAwaitingCard(page, 1234);
    await page.call('devices.presentTestCard', { cardId: 'visa-partial', method: 'insert' });
    const partial = await first.reply;
    expect(partial.ok && partial.result.outcome).toBe('partial');
    const rest = await saleAwaitingCard(page, 734);
    const unanswered = rest.reply.then(
      () => 'answered',
      () => 'the bridge closed',
    );

    const exitCode = new Promise((resolve) => lane.child.once('exit', (code) => resolve(code)));
    lane.child.kill('SIGTERM');
    const ms = await goneWithin(port, [lane.child.pid!]);
    process.stdout.write(`lane stopped ${Math.round(ms)} ms after SIGTERM with a sale awaiting its card\n`);
    expect(await exitCode, lane.lines.join('\n')).toBe(0);
    expect(await unanswered).toBe('the bridge closed');

    // The next start sees the sale nobody closed: the partial approval, as after a crash (ADR 022).
    const journal = Journal.open(join(home, 'training-journal.sqlite'), {
      clock: { now: () => Date.now() },
      terminalId,
    });
    try {
      const entries = journal.list({ limit: 100 });
      expect(entries.map((entry) => entry.state)).toEqual(['completed']);
      expect(journal.findUnclosedSale()).toBe(1);
      expect(journal.findings().map((finding) => [finding.orderId, finding.finding.source])).toEqual([
        [partial.ok ? partial.result.orderId : '', 'start'],
      ]);
    } finally {
      journal.close();
    }
  }, 90_000);

  it('when what started the lane dies (npm exec under sh -c), the lane stops instead of staying orphaned and listening', async () => {
    const home = mkdtempSync(join(tmpdir(), 'hostile-shutdown-'));
    prepareLaneHome(home);
    // As `npx lanepoint host`: npm runs the bin under `sh -c`, and a SIGTERM reaches the shell only.
    const shell = await startLane(home, [
      'sh',
      '-c',
      `"${process.execPath}" ${lanepoint.join(' ')} host --port 0 & echo "lane pid $!"; wait $!`,
    ]);
    const lanePid = Number(/lane pid (\d+)/.exec(shell.lines.join('\n'))![1]);
    pids.push(lanePid);
    const port = Number(new URL(shell.url).port);
    const page = await openBridgePage(shell.url);
    await signIn(page);
    void (await saleAwaitingCard(page, 900)).reply.catch(() => undefined);

    shell.child.kill('SIGTERM');
    const ms = await goneWithin(port, [shell.child.pid!, lanePid]);
    process.stdout.write(`orphaned lane stopped ${Math.round(ms)} ms after its shell died\n`);
  }, 90_000);

  it('SIGTERM while the gateway holds the answer: the lane exits after its 5 s bound naming the payment, and the row stays pending for recovery', async () => {
    const emulator = await startEmulator({ rateLimit: false });
    try {
      const home = mkdtempSync(join(tmpdir(), 'hostile-shutdown-'));
      prepareLaneHome(home);
      const lane = await startLane(home, [process.execPath, ...lanepoint, 'host', '--port', '0'], {
        LANEPOINT_GATEWAY_URL: emulator.url,
      });
      const port = Number(new URL(lane.url).port);
      const page = await openBridgePage(lane.url);
      await signIn(page);
      await emulatorAdmin(emulator.url).fault('auth', 'delay', 'once', 30_000);
      let authorizing = false;
      page.onEvent(({ name, payload }) => {
        if (name !== 'terminal.state') return;
        const { phase } = payload as TerminalState;
        if (phase === 'awaiting-card')
          void page
            .call('devices.presentTestCard', { cardId: 'visa-approve', method: 'insert' })
            .catch(() => undefined);
        if (phase === 'authorizing') authorizing = true;
      });
      void page.call('terminal.sale', { amountMinor: 400 }).catch(() => undefined);
      await until(() => authorizing, 'the lane authorizes', 10_000);

      const exitCode = new Promise((resolve) => lane.child.once('exit', (code) => resolve(code)));
      lane.child.kill('SIGTERM');
      const ms = await goneWithin(port, [lane.child.pid!]);
      process.stdout.write(`lane with a payment in flight stopped ${Math.round(ms)} ms after SIGTERM\n`);
      expect(await exitCode).toBe(1);
      expect(lane.lines).toContain(
        'Stopped after 5 s with these still open: the sale (a payment in flight is awaited), the signature capture, the kiosk, the devices, the receipt-mail outbox, the journal, the wallet, the training gateway',
      );
      const journal = Journal.open(join(home, 'training-journal.sqlite'), {
        clock: { now: () => Date.now() },
        terminalId,
      });
      try {
        expect(journal.list({ limit: 10 }).map((entry) => [entry.operation, entry.amountMinor, entry.state])).toEqual([
          ['auth', 400, 'pending'],
        ]);
      } finally {
        journal.close();
      }
    } finally {
      await emulator.close();
    }
  }, 90_000);
});
