import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Two connected pseudo-terminals made by socat: `host` is what the driver opens, `device` what
 * the emulated peer opens. `stop()` kills socat (both ends vanish, as when a USB adapter is
 * unplugged); `restart()` makes the pair again at the same paths.
 */
export class PtyPair {
  readonly host: string;
  readonly device: string;
  #socat: ChildProcess | undefined;

  constructor() {
    const dir = mkdtempSync(join(tmpdir(), 'lanepoint-pty-'));
    this.host = join(dir, 'host');
    this.device = join(dir, 'device');
  }

  async start(): Promise<this> {
    const socat = spawn('socat', [`pty,raw,echo=0,link=${this.host}`, `pty,raw,echo=0,link=${this.device}`], {
      stdio: 'ignore',
    });
    this.#socat = socat;
    // Waiting for another process (socat), not timing the product: the bound only ends a hang, and
    // is wide because socat starts slowly on a machine loaded with other jobs.
    const deadline = performance.now() + 15_000;
    while (performance.now() < deadline && !(existsSync(this.host) && existsSync(this.device))) {
      if (socat.exitCode !== null) throw new Error(`socat exited with ${socat.exitCode}; is it installed?`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    if (!existsSync(this.host)) throw new Error('socat did not create the pseudo-terminal pair');
    return this;
  }

  async stop(): Promise<void> {
    const socat = this.#socat;
    this.#socat = undefined;
    if (!socat || socat.exitCode !== null) return;
    const exited = new Promise((resolve) => socat.once('exit', resolve));
    socat.kill('SIGTERM');
    await exited;
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }
}
