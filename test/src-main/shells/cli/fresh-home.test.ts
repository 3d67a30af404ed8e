import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../../../src-main/shells/cli/main';
import { fakeIo } from '../../../support/cli-io';

const posix = process.platform !== 'win32';
const saved = {
  HOME: process.env['HOME'],
  LANEPOINT_HOME: process.env['LANEPOINT_HOME'],
  XDG_CONFIG_HOME: process.env['XDG_CONFIG_HOME'],
};
let home: string;

// A new user on a new machine: HOME is an empty folder, no ~/.config/lanepoint, no LANEPOINT_HOME.
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'lanepoint-fresh-home-'));
  process.env['HOME'] = home;
  delete process.env['LANEPOINT_HOME'];
  delete process.env['XDG_CONFIG_HOME'];
});
afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

/** Every file and folder under `root`, with its permission bits. */
function modes(root: string): Array<{ path: string; kind: 'file' | 'folder'; mode: number }> {
  return readdirSync(root, { recursive: true, encoding: 'utf8' }).map((name) => {
    const stat = statSync(join(root, name));
    return {
      path: relative(root, join(root, name)),
      kind: stat.isDirectory() ? 'folder' : 'file',
      mode: stat.mode & 0o777,
    };
  });
}

describe('the CLI on a machine where Lanepoint never ran', () => {
  it('lanepoint sale makes ~/.config/lanepoint (0700) and sells, every file it wrote 0600', async () => {
    const { io, out, err } = fakeIo();
    expect(await runCli(['sale', '12.00', '--card', 'visa-approve'], io), err.join('\n')).toBe(0);
    expect(out[0]).toMatch(/^APPROVED \$12\.00 /);
    const written = modes(home);
    expect(written.map((entry) => entry.path)).toEqual(
      expect.arrayContaining([
        join('.config', 'lanepoint', 'training-journal.sqlite'),
        join('.config', 'lanepoint', 'training-gateway.sqlite'),
      ]),
    );
    if (posix) {
      for (const entry of written)
        expect({ ...entry, mode: entry.mode.toString(8) }).toEqual({
          ...entry,
          mode: entry.kind === 'folder' ? '700' : '600',
        });
    }
  });

  it('lanepoint journal list says there are no entries yet, not that a folder is missing', async () => {
    const { io, out, err } = fakeIo();
    expect(await runCli(['journal', 'list'], io), err.join('\n')).toBe(0);
    expect(out).toEqual(['No journal entries.']);
    expect(err).toEqual([]);
  });

  it('lanepoint journal list after a first sale shows that sale', async () => {
    expect(await runCli(['sale', '7.50', '--card', 'visa-approve'], fakeIo().io)).toBe(0);
    const { io, out } = fakeIo();
    expect(await runCli(['journal', 'list'], io)).toBe(0);
    expect(out).toEqual([expect.stringMatching(/auth\s+\$7\.50\s+\d{4,6}\*+\d{4}\s+completed\s+A /)]);
  });

  it('after the journal was deleted, lanepoint sale and journal list say so instead of starting an empty one', async () => {
    expect(await runCli(['sale', '7.50', '--card', 'visa-approve'], fakeIo().io)).toBe(0);
    const journal = join(home, '.config', 'lanepoint', 'training-journal.sqlite');
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${journal}${suffix}`, { force: true });
    const disappeared = `The journal ${journal} has disappeared, with the record of this lane's payments. Restore it from a backup and restart, or start a new journal: a manager acknowledges it here, or store IT runs "lanepoint journal new".`;
    const list = fakeIo();
    expect(await runCli(['journal', 'list'], list.io)).toBe(1);
    expect(list.err).toEqual([`lanepoint journal: ${disappeared}`]);
    const sale = fakeIo();
    expect(await runCli(['sale', '7.50', '--card', 'visa-approve'], sale.io)).toBe(1);
    expect(sale.err).toEqual([`lanepoint sale: ${disappeared}`]);
    expect(existsSync(journal)).toBe(false);
  });
});
