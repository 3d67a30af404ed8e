import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { settingsSchema } from '../../../../src-main/lane/config/settings';
import { bootCore } from '../../../../src-main/lane/core/boot';
import { createCore, type Core } from '../../../../src-main/lane/core/core';
import type { CommandReply, TerminalState } from '../../../../src-main/lane/ipc/contract';
import { Journal } from '../../../../src-main/lane/journal/journal';
import { collectingLogger, ok, until } from '../../../support/test-core';
import { laneTraining } from '../../../../src-main/shells/training/lane-training';

const cores: Core[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
});

/** A lane booted the way `lanepoint start` boots it, on `home` as its app-data folder. */
function start(home: string): { core: Core; lines: string[] } {
  const { logger, lines } = collectingLogger();
  const { core } = bootCore({ training: laneTraining, shell: 'browser', env: { LANEPOINT_HOME: home }, logger });
  cores.push(core);
  return { core, lines };
}

async function stop(core: Core): Promise<void> {
  cores.splice(cores.indexOf(core), 1);
  await core.close();
}

/** A lane that has made its journal (first start), then stopped. */
async function laneThatRan(): Promise<{ home: string; journal: string }> {
  const home = mkdtempSync(join(tmpdir(), 'journal-refusal-'));
  await stop(start(home).core);
  return { home, journal: join(home, 'training-journal.sqlite') };
}

async function sell(core: Core, amountMinor = 1500): Promise<CommandReply> {
  await until(() => core.devices.list().every((device) => device.status === 'connected'));
  const stopListening = core.events.subscribe((name, payload) => {
    if (name === 'terminal.state' && (payload as TerminalState).phase === 'awaiting-card') {
      stopListening();
      void core.cardReaders.presentTestCard({ cardId: 'visa-approve', method: 'insert' });
    }
  });
  return core.dispatch('terminal.sale', { amountMinor });
}

describe('the lane opens and checks its journal at start', () => {
  it('makes the journal at the first start (not at the first sale) and records its identity in the settings', async () => {
    const home = mkdtempSync(join(tmpdir(), 'journal-refusal-'));
    const { core } = start(home);
    const journal = join(home, 'training-journal.sqlite');
    expect(existsSync(journal)).toBe(true);
    const db = new Database(journal, { readonly: true });
    const identity = db.prepare('SELECT journal_id FROM identity').pluck().get();
    db.close();
    expect(JSON.parse(readFileSync(join(home, 'settings.json'), 'utf8'))).toEqual({
      journals: { 'training-journal.sqlite': { id: identity, lastEntryId: 0 } },
    });
    expect(core.journalRefusal()).toBeNull();
    expect(core.terminal.current()).toMatchObject({ phase: 'idle', detail: 'Training: no real money moves' });
    await stop(core);
    const again = start(home).core;
    expect(again.journalRefusal()).toBeNull();
    again.session.signIn({ cashierId: '1001', pin: '1234' });
    expect(ok(await sell(again))).toMatchObject({ outcome: 'approved' });
  });

  it('a deleted journal: the lane says so, refuses to sell before asking for a card, and a manager\u2019s acknowledgement starts a new one', async () => {
    const { home, journal } = await laneThatRan();
    rmSync(journal);
    const { core, lines } = start(home);
    expect(existsSync(journal)).toBe(false);
    const message = `The journal ${journal} has disappeared, with the record of this lane's payments. Restore it from a backup and restart, or start a new journal: a manager acknowledges it here, or store IT runs "lanepoint journal new".`;
    expect(core.journalRefusal()).toEqual({ cause: 'missing', file: journal, message, acknowledgeable: true });
    expect(ok(await core.dispatch('journal.refusal', {}))).toEqual(core.journalRefusal());
    expect(core.terminal.current()).toMatchObject({ phase: 'idle', detail: `No sales: ${message}` });
    expect(lines.join('\n')).toContain('the journal is refused');

    core.session.signIn({ cashierId: '1001', pin: '1234' });
    expect(await sell(core)).toEqual({
      ok: false,
      error: expect.objectContaining({ code: 'failed_precondition', message }),
    });
    expect(core.terminal.current().phase).toBe('idle');
    expect(await core.dispatch('journal.acknowledge', {})).toEqual({
      ok: false,
      error: expect.objectContaining({ code: 'forbidden' }),
    });
    expect(core.journalRefusal()?.cause).toBe('missing');

    expect(ok(await core.dispatch('journal.acknowledge', { managerPin: '9999' }))).toBeNull();
    expect(core.journalRefusal()).toBeNull();
    expect(core.terminal.current().detail).toBe('Training: no real money moves');
    expect(ok(await sell(core))).toMatchObject({ outcome: 'approved' });
    await stop(core);
    // The new journal is the lane's own now: the next start sells without asking again.
    expect(start(home).core.journalRefusal()).toBeNull();
  });

  it('a manager saving the Settings screen keeps the lane\u2019s record of its journal in settings.json', async () => {
    const { home } = await laneThatRan();
    const recorded = () => JSON.parse(readFileSync(join(home, 'settings.json'), 'utf8')) as Record<string, unknown>;
    const before = recorded().journals;
    expect(before).toEqual({ 'training-journal.sqlite': { id: expect.any(String), lastEntryId: 0 } });
    const { core } = start(home);
    core.session.signIn({ cashierId: '9001', pin: '9999' });
    ok(await core.dispatch('settings.update', { changes: { 'payments.tips': true } }));
    expect(recorded()).toMatchObject({ payments: { tips: true }, journals: before });
  });

  it('a journal cut to 0 bytes is not taken for a new empty one', async () => {
    const { home, journal } = await laneThatRan();
    truncateSync(journal, 0);
    rmSync(`${journal}-wal`, { force: true });
    rmSync(`${journal}-shm`, { force: true });
    const { core } = start(home);
    expect(core.journalRefusal()).toMatchObject({ cause: 'emptied', file: journal, acknowledgeable: true });
    expect(core.journalRefusal()?.message).toContain(`The journal ${journal} is empty (0 bytes)`);
    expect(statSync(journal).size).toBe(0);
    core.session.signIn({ cashierId: '1001', pin: '1234' });
    // History says why instead of showing an empty list.
    expect(await core.dispatch('terminal.history', {})).toEqual({
      ok: false,
      error: expect.objectContaining({ code: 'failed_precondition', message: core.journalRefusal()?.message }),
    });
  });

  it('a journal replaced by another lane\u2019s file is refused until a manager accepts it', async () => {
    const { home, journal } = await laneThatRan();
    const other = join(mkdtempSync(join(tmpdir(), 'other-lane-')), 'journal.sqlite');
    Journal.open(other, { clock: { now: () => 0 }, terminalId: 'LANE02' }).close();
    rmSync(`${journal}-wal`, { force: true });
    rmSync(`${journal}-shm`, { force: true });
    copyFileSync(other, journal);
    const { core } = start(home);
    expect(core.journalRefusal()).toMatchObject({ cause: 'replaced', file: journal, acknowledgeable: true });
    expect(core.journalRefusal()?.message).toBe(
      `The journal ${journal} is not the one this lane wrote: it was replaced by another file. Put the lane's own journal back and restart, or a manager acknowledges to use this one (store IT: "lanepoint journal accept").`,
    );
    core.session.signIn({ cashierId: '9001', pin: '9999' });
    expect(ok(await core.dispatch('journal.acknowledge', {}))).toBeNull();
    await stop(core);
    expect(start(home).core.journalRefusal()).toBeNull();
  });

  it('a damaged journal names the file and the cause; the acknowledgement keeps it aside for support', async () => {
    const { home, journal } = await laneThatRan();
    rmSync(`${journal}-wal`, { force: true });
    rmSync(`${journal}-shm`, { force: true });
    writeFileSync(journal, Buffer.alloc(8192, 0x5a));
    const { core } = start(home);
    expect(core.journalRefusal()).toMatchObject({ cause: 'damaged', file: journal, acknowledgeable: true });
    expect(core.journalRefusal()?.message).toMatch(
      new RegExp(
        `^The journal ${journal.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} is damaged and cannot be read\\. .*file is not a database`,
      ),
    );
    core.session.signIn({ cashierId: '9001', pin: '9999' });
    expect(ok(await core.dispatch('journal.acknowledge', {}))).toBeNull();
    expect(readdirSync(home).filter((name) => name.startsWith('training-journal.sqlite.damaged-'))).toHaveLength(1);
    expect(ok(await sell(core))).toMatchObject({ outcome: 'approved' });
  });

  it('a journal from a newer Lanepoint says so, cannot be acknowledged away, and is never downgraded', async () => {
    const { home, journal } = await laneThatRan();
    const db = new Database(journal);
    db.pragma('user_version = 99');
    db.close();
    const { core } = start(home);
    expect(core.journalRefusal()).toMatchObject({ cause: 'newer-schema', file: journal, acknowledgeable: false });
    expect(core.journalRefusal()?.message).toContain(
      `The journal ${journal} was written by a newer version of Lanepoint. Run that version: this one never downgrades a journal.`,
    );
    expect(core.journalRefusal()?.message).toContain('schema 99');
    core.session.signIn({ cashierId: '9001', pin: '9999' });
    expect(await core.dispatch('journal.acknowledge', {})).toEqual({
      ok: false,
      error: expect.objectContaining({ code: 'failed_precondition', message: core.journalRefusal()?.message }),
    });
    await stop(core);
    const after = new Database(journal, { readonly: true });
    expect(after.pragma('user_version', { simple: true })).toBe(99);
    after.close();
  });

  it('a journal opened only at the first sale (no identity kept) still names its cause, not the disk', async () => {
    const { journal } = await laneThatRan();
    const db = new Database(journal);
    db.pragma('user_version = 99');
    db.close();
    const { logger } = collectingLogger();
    const core = createCore({
      training: laneTraining,
      settings: settingsSchema.parse({}),
      shell: 'browser',
      logger,
      journalPath: journal,
    });
    cores.push(core);
    core.session.signIn({ cashierId: '1001', pin: '1234' });
    const reply = await sell(core);
    expect(reply).toEqual({
      ok: false,
      error: expect.objectContaining({
        code: 'failed_precondition',
        message: expect.stringMatching(/^Nothing was sent: journal: .* is from a newer Lanepoint \(schema 99/),
      }),
    });
    expect(JSON.stringify(reply)).not.toContain('Free disk space');
  });

  it('a damaged training gateway store names its file and offers to reset training, which a manager does', async () => {
    const { home } = await laneThatRan();
    const store = join(home, 'training-gateway.sqlite');
    writeFileSync(store, Buffer.alloc(8192, 0x5a));
    const { core } = start(home);
    core.session.signIn({ cashierId: '1001', pin: '1234' });
    expect(await sell(core)).toEqual({
      ok: false,
      error: expect.objectContaining({
        code: 'failed_precondition',
        message: `The training gateway's store ${store} cannot be read (file is not a database). Reset training to start the practice day afresh; the old file is kept for support.`,
      }),
    });
    expect(await core.dispatch('training.reset', {})).toEqual({
      ok: false,
      error: expect.objectContaining({ code: 'forbidden' }),
    });
    expect(ok(await core.dispatch('training.reset', { managerPin: '9999' }))).toEqual({ reset: true });
    expect(readdirSync(home).filter((name) => name.startsWith('training-gateway.sqlite.reset-'))).toHaveLength(1);
    expect(ok(await sell(core))).toMatchObject({ outcome: 'approved' });
  });

  it('removes at start the temporary files a killed settings save left, old passwords included', async () => {
    const home = mkdtempSync(join(tmpdir(), 'journal-refusal-'));
    writeFileSync(join(home, 'secrets.json.999999-00112233aabb.tmp'), '{"gateway.password":"old"}');
    const { lines } = start(home);
    expect(readdirSync(home).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(lines.join('\n')).toContain('removed temporary files an interrupted save left behind');
  });
});
