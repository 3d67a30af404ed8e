import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../../../src-main/shells/cli/main';
import { fakeIo } from '../../../support/cli-io';

const saved = process.env['LANEPOINT_HOME'];
let home: string;
let journal: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'journal-decision-'));
  process.env['LANEPOINT_HOME'] = home;
  journal = join(home, 'training-journal.sqlite');
});
afterEach(() => {
  if (saved === undefined) delete process.env['LANEPOINT_HOME'];
  else process.env['LANEPOINT_HOME'] = saved;
});

const recordOf = () =>
  (
    JSON.parse(readFileSync(join(home, 'settings.json'), 'utf8')) as {
      journals: Record<string, { id: string; lastEntryId: number }>;
    }
  ).journals['training-journal.sqlite'];

async function sale(): Promise<void> {
  const { io, err } = fakeIo();
  expect(await runCli(['sale', '7.50', '--card', 'visa-approve'], io), err.join('\n')).toBe(0);
}

function removeJournal(): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${journal}${suffix}`, { force: true });
}

describe('lanepoint journal new and accept: store IT\u2019s deliberate answer to a refused journal', () => {
  it('new starts a new journal for one that disappeared, printed and logged with who and why; the lane sells again', async () => {
    await sale();
    const before = recordOf();
    removeJournal();
    const { io, out, err } = fakeIo();
    expect(await runCli(['journal', 'new', '--reason', 'disk replaced, no backup (ticket 4411)'], io)).toBe(0);
    expect(out).toEqual([
      expect.stringMatching(
        /^The lane's journal: started a new journal .*training-journal\.sqlite \(identity [a-z]{29}\) in answer to "missing", by \S+, because: disk replaced, no backup \(ticket 4411\)\. Start the lane again to sell\.$/,
      ),
    ]);
    expect(err.join('\n')).toMatch(/"level":40.*journal: started a new journal.*ticket 4411/);
    expect(existsSync(journal)).toBe(true);
    expect(recordOf()).toEqual({ id: expect.not.stringMatching(before!.id), lastEntryId: 0 });
    await sale();
  });

  it('changes nothing when the journal is in order, and says which journal it looked at', async () => {
    await sale();
    const before = readFileSync(join(home, 'settings.json'), 'utf8');
    const { io, err } = fakeIo();
    expect(await runCli(['journal', 'new', '--reason', 'just because'], io)).toBe(1);
    expect(err).toEqual([
      `lanepoint journal: the journal ${journal} is in order; nothing was changed (this is the training journal; add --live for the live one).`,
    ]);
    expect(readFileSync(join(home, 'settings.json'), 'utf8')).toBe(before);
  });

  it('an older copy is not answered by new (nothing changes); accept takes it as the lane\u2019s own', async () => {
    await sale();
    const older = join(mkdtempSync(join(tmpdir(), 'journal-decision-backup-')), 'copy.sqlite');
    copyFileSync(journal, older);
    await sale();
    removeJournal();
    copyFileSync(older, journal);
    const wrong = fakeIo();
    expect(await runCli(['journal', 'new', '--reason', 'restored from backup'], wrong.io)).toBe(1);
    expect(wrong.err[0]).toMatch(/is an older copy of this lane's journal/);
    expect(wrong.err[1]).toBe(
      'lanepoint journal: "journal new" does not answer this; "journal accept" does. Nothing was changed.',
    );
    const right = fakeIo();
    expect(await runCli(['journal', 'accept', '--reason', 'restored from backup'], right.io)).toBe(0);
    expect(right.out[0]).toMatch(/accepted .* as this lane's journal in answer to "behind"/);
    await sale();
  });

  it('asks for a reason', async () => {
    const { io, err } = fakeIo();
    expect(await runCli(['journal', 'new'], io)).toBe(2);
    expect(err.join('\n')).toContain('journal new needs --reason "why"');
  });
});
