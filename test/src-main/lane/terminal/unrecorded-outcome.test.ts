import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settingsSchema } from '../../../../src-main/lane/config/settings';
import { createCore, type Core } from '../../../../src-main/lane/core/core';
import { defaultEmulatorConfig, emulatorConfigSchema } from '../../../../src-main/stand-ins/gateway-emulator/config';
import { startEmulator, type RunningEmulator } from '../../../../src-main/stand-ins/gateway-emulator/server';
import type {
  FollowUpSummary,
  RecoveryFinding,
  SaleSummary,
  TerminalState,
} from '../../../../src-main/lane/ipc/contract';
import { collectingLogger, ok } from '../../../support/test-core';
import { call, devicesConnected, merchid, presentWhenReading, testGatewayClient } from './support';
import { laneTraining } from '../../../../src-main/shells/training/lane-training';

/**
 * Issue 29, item 10: an approval the journal cannot record. Once the request has left, a journal
 * write that fails (a full disk: injected as SQLITE_FULL at the SQLite driver, and a real tmpfs
 * filled up) makes the outcome unknown, held until the journal takes it; the lane refuses new
 * sales meanwhile, so the gateway holds one approval; and an answer quoting a card number (a
 * gift card in the receipt footer) is kept masked instead of refused. Real emulator over HTTP,
 * real SQLite files, the words through the contract.
 */

// The injected fault: while `full` is set, every write statement the lane's journal runs fails as
// SQLite does on a full disk. Reads still work, as they do on a full disk.
const disk = vi.hoisted(() => ({ full: false, fillsOnAnswer: false }));
vi.mock('better-sqlite3', async (importOriginal) =>
  (await import('../../../support/full-disk-sqlite')).fullDiskSqlite(await importOriginal(), disk),
);

const cores: Core[] = [];
const emulators: RunningEmulator[] = [];
const cleanups: Array<() => void> = [];
afterEach(async () => {
  disk.full = false;
  await Promise.all(cores.splice(0).map((core) => core.close()));
  await Promise.all(emulators.splice(0).map((emulator) => emulator.close()));
  for (const cleanup of cleanups.splice(0)) cleanup();
});

async function emulatorWithFooter(footer?: string): Promise<RunningEmulator> {
  const [store, ...others] = defaultEmulatorConfig.merchants;
  const config = emulatorConfigSchema.parse({
    ...defaultEmulatorConfig,
    merchants: [{ ...store!, receipt: { ...store!.receipt, ...(footer ? { footer } : {}) } }, ...others],
  });
  const emulator = await startEmulator({ config, rateLimit: false, realism: false });
  emulators.push(emulator);
  return emulator;
}

/** A lane on `journalPath` against `emulator`; `afterAnswer` runs when an authorization's answer is in, before the lane records it. */
function lane(emulator: RunningEmulator, journalPath: string, afterAnswer: () => void = () => undefined) {
  const { logger, lines } = collectingLogger();
  const client = testGatewayClient(emulator.url);
  const auth = client.auth.bind(client);
  client.auth = async (request) => {
    const answer = await auth(request);
    afterAnswer();
    return answer;
  };
  const core = createCore({
    training: laneTraining,
    settings: settingsSchema.parse({}),
    shell: 'browser',
    logger,
    journalPath,
    gateway: async () => ({ client, merchid }),
    recoveryTimer: () => () => undefined,
  });
  cores.push(core);
  core.session.signIn({ cashierId: '9001', pin: '9999' });
  return { core, lines, client };
}

const approvals = (emulator: RunningEmulator) =>
  emulator.context.ledger.all().filter((transaction) => transaction.respstat === 'A');

/** The journal's rows as support would read them, read-only (the disk may still be full). */
function rows(journalPath: string) {
  const db = new Database(journalPath, { readonly: true });
  try {
    return db.prepare('SELECT order_id, state, outcome, note FROM entries ORDER BY id').all() as Array<{
      order_id: string;
      state: string;
      outcome: string | null;
      note: string | null;
    }>;
  } finally {
    db.close();
  }
}

const heldWords = /outcome is unknown: the customer may have been charged\. Do not charge again/;

/** A real full disk: a small tmpfs the test mounts (root only), or the reason it cannot. */
function smallTmpfs(): { dir: string } | { problem: string } {
  const dir = mkdtempSync(join(tmpdir(), 'journal-tmpfs-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir], { stdio: 'pipe' });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return { problem: `cannot mount a tmpfs here (${(error as Error).message.split('\n')[0]})` };
  }
  cleanups.push(() => {
    execFileSync('umount', [dir]);
    rmSync(dir, { recursive: true, force: true });
  });
  return { dir };
}

/** Fills the file system holding `dir` to its last byte; returns how to free it again. */
function fillUp(dir: string): () => void {
  const filler = join(dir, 'filler');
  const fd = openSync(filler, 'w');
  const block = Buffer.alloc(4096, 1);
  try {
    for (;;) writeSync(fd, block);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
    // The last partial block, so not even a page is left.
    for (let size = 2048; size >= 1; size = Math.floor(size / 2)) {
      try {
        for (;;) writeSync(fd, block.subarray(0, size));
      } catch {
        // This size no longer fits: try a smaller one.
      }
    }
  } finally {
    closeSync(fd);
  }
  return () => rmSync(filler);
}

/** The disk fills during the authorization: the answer is in, and the write after it fails. */
type DiskFault = { journalPath: string; fill: () => void; free: () => void };

const injected = (): DiskFault => ({
  journalPath: join(mkdtempSync(join(tmpdir(), 'journal-full-')), 'training-journal.sqlite'),
  fill: () => (disk.full = true),
  free: () => (disk.full = false),
});

function realDisk(dir: string): DiskFault {
  let free = () => undefined as void;
  return {
    journalPath: join(dir, 'training-journal.sqlite'),
    fill: () => (free = fillUp(dir)),
    free: () => free(),
  };
}

async function heldSaleThenRecovered(fault: DiskFault) {
  const emulator = await emulatorWithFooter();
  let filling = true;
  const { core, lines } = lane(emulator, fault.journalPath, () => {
    if (filling) fault.fill();
  });
  const states: TerminalState[] = [];
  core.events.subscribe((name, payload) => {
    if (name === 'terminal.state') states.push(payload as TerminalState);
  });
  await devicesConnected(core);
  presentWhenReading(core, 'visa-approve');
  const held = ok(await call<SaleSummary>(core, 'terminal.sale', { amountMinor: 1234 }));
  filling = false;

  // The screen: unknown, the customer may have been charged; never "nothing was sent".
  expect(held).toMatchObject({ outcome: 'unknown', reason: expect.stringMatching(heldWords) });
  expect(held.reason).not.toMatch(/nothing was sent/i);
  const shown = states.at(-1)!;
  expect(shown).toMatchObject({ phase: 'done', sale: { results: [expect.objectContaining({ outcome: 'unknown' })] } });
  expect(shown.detail).toMatch(heldWords);
  // The log, at error level, with the order and without card data.
  const said = lines.map((line) => JSON.parse(line) as { level: number; msg: string; orderId?: string });
  expect(said).toContainEqual(
    expect.objectContaining({
      level: 50,
      orderId: held.orderId,
      msg: expect.stringMatching(/could not record an authorization after it was sent: its outcome is unknown/),
    }),
  );
  expect(lines.join('\n')).not.toMatch(/4\d{15}/);
  // The journal still has the row written before the request, pending: a restart recovers it.
  expect(rows(fault.journalPath)).toEqual([expect.objectContaining({ order_id: held.orderId, state: 'pending' })]);

  // The cashier sells again: refused, in words, before any card is asked for; the gateway has one approval.
  const again = await call<SaleSummary>(core, 'terminal.sale', { amountMinor: 1234 });
  expect(again).toMatchObject({
    ok: false,
    error: {
      code: 'failed_precondition',
      message: expect.stringMatching(
        new RegExp(
          `^No new sale: order ${held.orderId} \\(\\$12\\.34\\) was sent to the gateway but the journal could not record it, so its outcome is unknown and the customer may have been charged`,
        ),
      ),
    },
  });
  expect(JSON.stringify(again)).not.toMatch(/nothing was sent/i);
  expect(approvals(emulator)).toEqual([expect.objectContaining({ orderid: held.orderId, amount: 1234 })]);

  // The disk works again: recovery writes the answer from memory and the cashier is told what it was.
  fault.free();
  ok(await call(core, 'terminal.recover', {}));
  const findings = ok(await call<RecoveryFinding[]>(core, 'terminal.findings', {}));
  expect(findings).toEqual([
    expect.objectContaining({
      orderId: held.orderId,
      outcome: 'approved',
      message: expect.stringMatching(/^Approved: authcode /),
    }),
  ]);
  const [row] = rows(fault.journalPath);
  expect(row).toMatchObject({
    state: 'resolved',
    note: expect.stringMatching(/^the journal could not record the answer when it came/),
  });
  expect(JSON.parse(row!.outcome!)).toMatchObject({ respstat: 'A', amountMinor: 1234 });

  // And the lane sells again.
  presentWhenReading(core, 'visa-approve');
  const next = ok(await call<SaleSummary>(core, 'terminal.sale', { amountMinor: 500 }));
  expect(next).toMatchObject({ outcome: 'approved' });
  expect(approvals(emulator).map((approval) => approval.orderid)).toEqual([held.orderId, next.orderId]);
}

describe('an approval the journal cannot record (issue 29, item 10)', () => {
  it('injected SQLITE_FULL after the answer: unknown and held, new sales refused, one approval, recorded once the disk works', async () => {
    await heldSaleThenRecovered(injected());
  });

  it('a real full disk (a 1 MB tmpfs filled during the authorization): the same', async (context) => {
    const mounted = smallTmpfs();
    if ('problem' in mounted) {
      context.skip(`${mounted.problem}; the injected SQLITE_FULL case covers the same path`);
      return;
    }
    await heldSaleThenRecovered(realDisk(mounted.dir));
  });

  it('a restart (a new lane on the same journal) reports the held sale as approved, once', async () => {
    const emulator = await emulatorWithFooter();
    const fault = injected();
    const first = lane(emulator, fault.journalPath, fault.fill);
    await devicesConnected(first.core);
    presentWhenReading(first.core, 'visa-approve');
    const held = ok(await call<SaleSummary>(first.core, 'terminal.sale', { amountMinor: 4200 }));
    expect(held).toMatchObject({ outcome: 'unknown', reason: expect.stringMatching(heldWords) });
    await first.core.close();
    fault.free();

    const second = lane(emulator, fault.journalPath);
    // The start's own pass is running: asking now joins it.
    ok(await call(second.core, 'terminal.recover', {}));
    expect(ok(await call<RecoveryFinding[]>(second.core, 'terminal.findings', {}))).toEqual([
      expect.objectContaining({ orderId: held.orderId, outcome: 'approved', amountMinor: 4200, source: 'start' }),
    ]);
    expect(rows(fault.journalPath)).toEqual([expect.objectContaining({ order_id: held.orderId, state: 'resolved' })]);
    expect(approvals(emulator)).toHaveLength(1);
  });

  it('a gift card number in the receipt footer is kept masked: the approval is recorded and shown, the lane sells on', async () => {
    const giftCard = '6011 0009 9013 9424';
    const emulator = await emulatorWithFooter(`Gift card ${giftCard}: balance $20.00`);
    const journalPath = join(mkdtempSync(join(tmpdir(), 'journal-footer-')), 'training-journal.sqlite');
    const { core, lines } = lane(emulator, journalPath);
    await devicesConnected(core);
    presentWhenReading(core, 'visa-approve');
    const sale = ok(await call<SaleSummary>(core, 'terminal.sale', { amountMinor: 1234 }));
    expect(sale).toMatchObject({ outcome: 'approved', approvedMinor: 1234, reason: null });
    expect((ok(await call<TerminalState>(core, 'terminal.state', {})) as TerminalState).detail).toMatch(/^Approved/);
    const [row] = rows(journalPath);
    expect(row).toMatchObject({ order_id: sale.orderId, state: 'completed' });
    expect(JSON.parse(row!.outcome!)).toMatchObject({
      respstat: 'A',
      receipt: { footer: 'Gift card 601100******9424: balance $20.00' },
    });
    presentWhenReading(core, 'visa-approve');
    expect(ok(await call<SaleSummary>(core, 'terminal.sale', { amountMinor: 800 }))).toMatchObject({
      outcome: 'approved',
    });
    expect(approvals(emulator)).toHaveLength(2);
    expect(lines.some((line) => (JSON.parse(line) as { level: number }).level >= 50)).toBe(false);
    await core.close();
    expect(readFileSync(journalPath).toString('latin1')).not.toContain('6011000990139424');
  });
});

describe('a void the journal cannot record after it was sent (issue 29, item 10, follow-ups)', () => {
  it('says what the gateway answered (never "nothing was sent"), holds it, refuses another void and a new sale, and records it once the disk works', async () => {
    const emulator = await emulatorWithFooter();
    const fault = injected();
    const { core, lines, client } = lane(emulator, fault.journalPath);
    await devicesConnected(core);
    presentWhenReading(core, 'visa-approve');
    const sale = ok(await call<SaleSummary>(core, 'terminal.sale', { amountMinor: 2500 }));
    expect(sale).toMatchObject({ outcome: 'approved' });
    // The disk fills while the void is at the gateway: its answer is in, and the write after it fails.
    const sendVoid = client.void.bind(client);
    client.void = async (request) => {
      const answer = await sendVoid(request);
      fault.fill();
      return answer;
    };
    const voided = ok(
      await call<FollowUpSummary>(core, 'terminal.void', { orderId: sale.orderId, reason: 'customer-canceled' }),
    );
    expect(voided).toMatchObject({
      outcome: 'unknown',
      reason: expect.stringMatching(
        /^The gateway approved the void, but the journal could not record it .* Do not send it again/,
      ),
    });
    expect(JSON.stringify(voided)).not.toMatch(/nothing was sent|journal cannot be used/i);
    const said = lines.map((line) => JSON.parse(line) as { level: number; msg: string; orderId?: string });
    expect(said).toContainEqual(
      expect.objectContaining({
        level: 50,
        orderId: sale.orderId,
        msg: expect.stringMatching(/could not record a void after it was sent/),
      }),
    );
    // The journal: the void's row, written before it was sent, stays pending; the gateway voided once.
    expect(rows(fault.journalPath).map((row) => row.state)).toEqual(['completed', 'pending']);
    const voids = () => emulator.context.ledger.all().filter((transaction) => transaction.setlstat === 'Voided');
    expect(voids()).toHaveLength(1);

    // The cashier tries the void again, and a new sale: both refused in words, nothing sent.
    const again = await call<FollowUpSummary>(core, 'terminal.void', {
      orderId: sale.orderId,
      reason: 'customer-canceled',
    });
    expect(again).toMatchObject({
      ok: false,
      error: {
        message: expect.stringMatching(
          new RegExp(`^Nothing new can be sent: order ${sale.orderId} \\(\\$25\\.00\\) was sent to the gateway`),
        ),
      },
    });
    const newSale = await call<SaleSummary>(core, 'terminal.sale', { amountMinor: 100 });
    expect(newSale).toMatchObject({ ok: false, error: { message: expect.stringMatching(/^No new sale: order /) } });
    expect(voids()).toHaveLength(1);

    // The disk works again: the void is written from memory, and the lane sells on.
    fault.free();
    presentWhenReading(core, 'visa-approve');
    expect(ok(await call<SaleSummary>(core, 'terminal.sale', { amountMinor: 100 }))).toMatchObject({
      outcome: 'approved',
    });
    const [, voidRow] = rows(fault.journalPath);
    expect(voidRow).toMatchObject({
      state: 'resolved',
      note: expect.stringMatching(/^the journal could not record the answer when it came/),
    });
    expect(JSON.parse(voidRow!.outcome!)).toMatchObject({ respstat: 'A' });
    expect(voids()).toHaveLength(1);
  });
});
