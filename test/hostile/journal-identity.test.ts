import { copyFileSync, mkdtempSync, renameSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bootCore } from '../../src-main/lane/core/boot';
import type { Core } from '../../src-main/lane/core/core';
import type { CommandReply, TerminalState } from '../../src-main/lane/ipc/contract';
import { collectingLogger, ok, until } from '../support/test-core';
import { laneTraining } from '../../src-main/shells/training/lane-training';

// Issue 30, item 2: the journal identity check could be sidestepped by deleting the record that
// sat beside the journal, and it was keyed by the folder's absolute path.

const cores: Core[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
});

function start(home: string): Core {
  const { logger } = collectingLogger();
  const { core } = bootCore({ training: laneTraining, shell: 'browser', env: { LANEPOINT_HOME: home }, logger });
  cores.push(core);
  return core;
}

async function stop(core: Core): Promise<void> {
  cores.splice(cores.indexOf(core), 1);
  await core.close();
}

async function sell(core: Core): Promise<CommandReply> {
  await until(() => core.devices.list().every((device) => device.status === 'connected'));
  const stopListening = core.events.subscribe((name, payload) => {
    if (name === 'terminal.state' && (payload as TerminalState).phase === 'awaiting-card') {
      stopListening();
      void core.cardReaders.presentTestCard({ cardId: 'visa-approve', method: 'insert' });
    }
  });
  return core.dispatch('terminal.sale', { amountMinor: 1500 });
}

/** A set-up lane (its own settings.json) that has sold once, then stopped. */
async function laneThatSold(): Promise<{ home: string; journal: string }> {
  const home = mkdtempSync(join(tmpdir(), 'hostile-identity-'));
  writeFileSync(join(home, 'settings.json'), `${JSON.stringify({ terminalId: 'LANE07' }, null, 2)}\n`);
  const core = start(home);
  core.session.signIn({ cashierId: '1001', pin: '1234' });
  expect(ok(await sell(core))).toMatchObject({ outcome: 'approved' });
  await stop(core);
  return { home, journal: join(home, 'training-journal.sqlite') };
}

function removeJournal(journal: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${journal}${suffix}`, { force: true });
}

describe('hostile: the journal identity check cannot be sidestepped', () => {
  it('deleting the journal and journal-identity.json (settings kept) is refused in words, not taken for a first start', async () => {
    const { home, journal } = await laneThatSold();
    removeJournal(journal);
    rmSync(join(home, 'journal-identity.json'), { force: true });
    const core = start(home);
    const refusal = core.journalRefusal();
    expect(refusal).toMatchObject({ cause: 'missing', file: journal, acknowledgeable: true });
    expect(refusal?.message).toContain(`The journal ${journal} has disappeared`);
    expect(refusal?.message).toContain('Restore it from a backup');
    expect(refusal?.message).toContain('lanepoint journal new');
    core.session.signIn({ cashierId: '1001', pin: '1234' });
    expect(await sell(core)).toEqual({
      ok: false,
      error: expect.objectContaining({ code: 'failed_precondition', message: refusal?.message }),
    });
  });

  it('emptying the journal (and deleting journal-identity.json) is refused', async () => {
    const { home, journal } = await laneThatSold();
    rmSync(`${journal}-wal`, { force: true });
    rmSync(`${journal}-shm`, { force: true });
    truncateSync(journal, 0);
    rmSync(join(home, 'journal-identity.json'), { force: true });
    const refusal = start(home).journalRefusal();
    expect(refusal).toMatchObject({ cause: 'emptied', file: journal, acknowledgeable: true });
    expect(refusal?.message).toContain(`The journal ${journal} is empty (0 bytes)`);
  });

  it('a whole folder moved elsewhere is the same lane and journal: accepted, and still checked there', async () => {
    const { home } = await laneThatSold();
    const moved = join(mkdtempSync(join(tmpdir(), 'hostile-identity-moved-')), 'lane');
    renameSync(home, moved);
    const core = start(moved);
    expect(core.journalRefusal()).toBeNull();
    core.session.signIn({ cashierId: '1001', pin: '1234' });
    expect(ok(await core.dispatch('terminal.history', {}))).not.toEqual([]);
    await stop(core);
    // Still the lane's journal by identity at its new place: a stranger put in its place is named.
    const stranger = mkdtempSync(join(tmpdir(), 'hostile-identity-stranger-'));
    await stop(start(stranger));
    const journal = join(moved, 'training-journal.sqlite');
    removeJournal(journal);
    copyFileSync(join(stranger, 'training-journal.sqlite'), journal);
    rmSync(join(moved, 'journal-identity.json'), { force: true });
    expect(start(moved).journalRefusal()).toMatchObject({ cause: 'replaced', file: journal });
  });

  it('an older copy of the journal restored in its place is named, with the entries it lacks', async () => {
    const { home, journal } = await laneThatSold();
    const backup = join(mkdtempSync(join(tmpdir(), 'hostile-identity-backup-')), 'training-journal.sqlite');
    copyFileSync(journal, backup);
    const core = start(home);
    core.session.signIn({ cashierId: '1001', pin: '1234' });
    expect(ok(await sell(core))).toMatchObject({ outcome: 'approved' });
    await stop(core);
    removeJournal(journal);
    copyFileSync(backup, journal);
    const refusal = start(home).journalRefusal();
    expect(refusal).toMatchObject({ cause: 'behind', file: journal, acknowledgeable: true });
    expect(refusal?.message).toMatch(/older copy/);
    expect(refusal?.message).toMatch(/entries up to \d+, but this lane had written up to \d+/);
  });
});
