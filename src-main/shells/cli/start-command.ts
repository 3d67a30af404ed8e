import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CliIo } from './io';
import { runHostCommand } from './host-command';
import { projectRoot } from './paths';

/**
 * The Electron executable if its runtime is installed, else null. This reads the electron
 * package's own path file instead of `require('electron')`, which would try to download the
 * runtime (impossible on a closed network) and throw.
 */
export function findElectronExecutable(root: string = projectRoot): string | null {
  const packageDir = join(root, 'node_modules', 'electron');
  const pathFile = join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const executable = join(packageDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(executable) ? executable : null;
}

/** `lanepoint start`: the Electron app, or browser mode where Electron cannot run. */
export async function runStartCommand(io: CliIo): Promise<number> {
  const electron = findElectronExecutable();
  if (!electron) {
    io.stdout('The Electron runtime is not installed on this machine; serving browser mode instead.');
    return runHostCommand(io, {});
  }
  if (!existsSync(join(projectRoot, 'out', 'main', 'main.js'))) {
    io.stderr('The app is not built; run "npm run build" first.');
    return 1;
  }
  // The app quits if this command is killed outright (a signal it would have passed on).
  const child = spawn(electron, [projectRoot], {
    stdio: 'inherit',
    env: { ...io.env, LANEPOINT_QUIT_WITH_PARENT: '1' },
  });
  void io.stopRequested.then(() => child.kill('SIGTERM'));
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
}
