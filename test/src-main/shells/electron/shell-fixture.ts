import type { Clock } from '../../../../src-main/platform/clock';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as Electron from 'electron';
import { startShell, type RunningShell } from '../../../../src-main/shells/electron/main';
import { createFakeElectron, type FakeElectronOptions } from '../../../support/fake-electron';
import { collectingLogger } from '../../../support/test-core';

/**
 * A temporary install for one shell: userData (optionally with a settings.json), a renderer
 * folder with index.html, customer.html and one asset, and a secret file beside the renderer that traversal
 * tests try to reach.
 */
export function shellFolders(settings?: Record<string, unknown>) {
  const root = mkdtempSync(join(tmpdir(), 'lanepoint-shell-'));
  const userData = join(root, 'userData');
  const rendererDir = join(root, 'renderer');
  mkdirSync(userData);
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Lanepoint</title>');
  writeFileSync(join(rendererDir, 'customer.html'), '<!doctype html><title>Lanepoint customer display</title>');
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'export const ready = true;');
  writeFileSync(join(rendererDir, 'assets', 'app.css'), 'body { margin: 0 }');
  writeFileSync(join(root, 'secret.txt'), 'root:x:0:0');
  if (settings) writeFileSync(join(userData, 'settings.json'), JSON.stringify(settings));
  return { root, userData, rendererDir, preload: join(root, 'preload', 'preload.cjs') };
}

export interface StartOptions extends Omit<FakeElectronOptions, 'userData'> {
  readonly settings?: Record<string, unknown>;
  readonly env?: NodeJS.ProcessEnv;
  readonly platform?: NodeJS.Platform;
  readonly parentGone?: () => Promise<string>;
  readonly clock?: Clock;
}

const running: RunningShell[] = [];

/** Starts the shell on a fake Electron and lets it reach `ready`; the window is open after. */
export async function startedShell(options: StartOptions = {}) {
  const folders = shellFolders(options.settings);
  const fake = createFakeElectron({ ...options, userData: folders.userData });
  const { logger, lines } = collectingLogger();
  // env {} keeps the developer's own LANEPOINT_* variables out of the tests.
  const shell = startShell(fake.electron, {
    rendererDir: folders.rendererDir,
    preload: folders.preload,
    env: options.env ?? {},
    logger,
    platform: options.platform,
    ...(options.parentGone ? { parentGone: options.parentGone } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  running.push(shell);
  await fake.ready();
  await shell.ready;
  return { fake, shell, folders, lines, window: fake.windows[0] };
}

/** Closes the cores the tests started (afterEach). */
export async function closeStartedShells(): Promise<void> {
  for (const shell of running.splice(0)) await shell.core()?.close();
}

/** An IPC invoke event as Electron builds it, from the parts the sender check reads. */
export function invokeEvent(
  sender: { id: number },
  senderFrame: { url: string; parent: unknown; isDestroyed(): boolean } | null,
) {
  return { sender, senderFrame, frameId: 1, processId: 1 } as unknown as Electron.IpcMainInvokeEvent;
}
