import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runLanepoint } from './support/process';

/** An app-data folder whose settings name a card reader on a serial port that is not there. */
function homeWithMissingReader(): string {
  const home = mkdtempSync(join(tmpdir(), 'lanepoint-terminal-log-'));
  const devices = [{ id: 'neo', protocol: 'vivotech2', serial: { path: '/dev/ttyLANEPOINT9', baudRate: 19200 } }];
  writeFileSync(join(home, 'settings.json'), JSON.stringify({ devices }));
  return home;
}

const cannotOpen = /card-reader cannot be opened: check that it is plugged in/;
// The pseudo-terminal ends lines with \r\n; colours (pino-pretty's, when installed) are not words.
const plain = (text: string) => text.replace(/\r/g, '').replace(/\x1b\[[0-9;]*m/g, ''); // eslint-disable-line no-control-regex

/**
 * `lanepoint host` on a pseudo-terminal (util-linux `script`), as a newcomer runs it: everything
 * it printed up to the reader's failure to open, then stopped.
 */
async function runOnTerminal(home: string): Promise<string> {
  const command = `${JSON.stringify(process.execPath)} bin/lanepoint.mjs host`;
  const child = spawn('script', ['-qfc', command, '/dev/null'], {
    cwd: process.cwd(),
    env: { ...process.env, LANEPOINT_HOME: home, LANEPOINT_HOST_PORT: '0' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (cannotOpen.test(output)) resolve();
    });
    void exited.then(() => reject(new Error(`lanepoint ended before logging the missing reader:\n${output}`)));
  });
  child.kill('SIGTERM');
  await exited;
  return plain(output);
}

describe('what `lanepoint host` prints', () => {
  it('on a terminal: readable lines, the error and its cause named, no JSON and no stack', async () => {
    const home = homeWithMissingReader();
    try {
      const output = await runOnTerminal(home);
      const lines = output.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('Session terminated'));
      expect(lines.some((line) => /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: core started/.test(line))).toBe(true);
      const failure = lines.find((line) => cannotOpen.test(line)) ?? '';
      expect(failure).toMatch(/ERROR/);
      expect(failure).toContain('Cannot open /dev/ttyLANEPOINT9');
      expect(failure).toContain('device=neo');
      for (const line of lines) {
        expect(line).not.toMatch(/^\s*\{/);
        expect(line).not.toMatch(/^\s+at |\bat .*\.ts:\d+:\d+/);
      }
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('into a pipe: one JSON record a line, the error without its stack', async () => {
    const home = homeWithMissingReader();
    const app = runLanepoint(['host'], { LANEPOINT_HOME: home, LANEPOINT_HOST_PORT: '0' });
    try {
      await expect.poll(() => app.stderr.some((line) => cannotOpen.test(line)), { timeout: 20_000 }).toBe(true);
      const records = app.stderr.map((line) => JSON.parse(line) as { msg: string; err?: Record<string, unknown> });
      const failure = records.find((record) => cannotOpen.test(record.msg));
      expect(failure?.err?.message).toContain('Cannot open /dev/ttyLANEPOINT9');
      expect(JSON.stringify(failure)).not.toContain('stack');
    } finally {
      expect(await app.stop()).toBe(0);
      rmSync(home, { recursive: true, force: true });
    }
  });
});
