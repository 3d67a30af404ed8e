import { afterEach, describe, expect, it, vi } from 'vitest';
import { commandNames, ipcChannels, type CommandReply } from '../../../../src-main/lane/ipc/contract';
import { FakeWebFrame, type FakeElectron, type FakeWebContents } from '../../../support/fake-electron';
import { closeStartedShells, invokeEvent, startedShell } from './shell-fixture';

afterEach(closeStartedShells);

function invoke(fake: FakeElectron, name: string, event: unknown, args: unknown): Promise<CommandReply> {
  const handler = fake.ipcHandlers.get(`pos:command:${name}`);
  if (!handler) throw new Error(`no handler for ${name}`);
  return Promise.resolve(handler(event as never, args) as CommandReply);
}

const fromPage = (contents: FakeWebContents) => invokeEvent(contents, contents.mainFrame);

describe('IPC commands', () => {
  it('has one handler per contract command, on the contract channel', async () => {
    const { fake } = await startedShell();
    expect([...fake.ipcHandlers.keys()].sort()).toEqual(commandNames.map((name) => ipcChannels.command(name)).sort());
  });

  it('answers our own page through the core', async () => {
    const { fake, window, shell } = await startedShell({ settings: { mode: 'kiosk' } });
    const dispatch = vi.spyOn(shell.core()!, 'dispatch');
    const reply = await invoke(fake, 'app.info', fromPage(window!.webContents), {});
    expect(reply).toMatchObject({ ok: true, result: { name: 'Lanepoint', mode: 'kiosk', shell: 'electron' } });
    // As this window: what belongs to one screen (released keys, wrong-PIN locks) is kept per window.
    expect(dispatch).toHaveBeenCalledWith('app.info', {}, { source: `window:${window!.webContents.id}` });
  });

  it('refuses a bad argument by name', async () => {
    const { fake, window } = await startedShell();
    expect(await invoke(fake, 'devices.list', fromPage(window!.webContents), { kind: 'toaster' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_argument', field: 'kind' },
    });
  });

  it.each<[string, (contents: FakeWebContents) => unknown]>([
    ['a page on another origin', (c) => invokeEvent(c, new FakeWebFrame('https://evil.example/'))],
    [
      'our page after it navigated away',
      (c) => ((c.mainFrame.url = 'https://evil.example/'), invokeEvent(c, c.mainFrame)),
    ],
    ['a look-alike origin', (c) => invokeEvent(c, new FakeWebFrame('app://lanepoint.evil.com/index.html'))],
    ['a subframe of our page', (c) => invokeEvent(c, new FakeWebFrame('app://lanepoint/frame.html', c.mainFrame))],
    ['a frame that is gone (senderFrame null)', (c) => invokeEvent(c, null)],
    [
      'a destroyed frame',
      (c) => invokeEvent(c, Object.assign(new FakeWebFrame('app://lanepoint/'), { destroyed: true })),
    ],
    [
      'a WebContents we did not create',
      () => invokeEvent({ id: 9999 }, new FakeWebFrame('app://lanepoint/index.html')),
    ],
  ])('refuses %s without reaching the core', async (_what, makeEvent) => {
    const { fake, window, shell, lines } = await startedShell();
    const dispatch = vi.spyOn(shell.core()!, 'dispatch');
    const reply = await invoke(fake, 'devices.list', makeEvent(window!.webContents), {});
    expect(reply).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(dispatch).not.toHaveBeenCalled();
    expect(lines.some((line) => line.includes('"level":40') && line.includes('untrusted sender'))).toBe(true);
  });

  it('refuses a window once it has closed', async () => {
    const { fake, window, shell } = await startedShell();
    const contents = window!.webContents;
    const dispatch = vi.spyOn(shell.core()!, 'dispatch');
    const event = invokeEvent(contents, new FakeWebFrame('app://lanepoint/index.html'));
    window!.close();
    expect(await invoke(fake, 'app.info', event, {})).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(dispatch).not.toHaveBeenCalled();
  });
});

describe('IPC events', () => {
  it('forwards core events to the window on the contract channel', async () => {
    const { window, shell } = await startedShell();
    const contents = window!.webContents;
    shell.core()!.terminal.enter('awaiting-card', 'Waiting for card');
    expect(contents.sent.at(-1)).toEqual([
      ipcChannels.event,
      'terminal.state',
      expect.objectContaining({ phase: 'awaiting-card' }),
    ]);
    shell.core()!.events.emit('devices.changed', []);
    expect(contents.sent.at(-1)).toEqual(['pos:event', 'devices.changed', []]);
  });

  it('forwards an event meant for one window to that window only', async () => {
    const { window, shell } = await startedShell();
    const contents = window!.webContents;
    const count = contents.sent.length;
    shell.core()!.events.emitTo(`window:${contents.id + 1}`, 'devices.keysReleased', { seqs: [1] });
    expect(contents.sent).toHaveLength(count);
    shell.core()!.events.emitTo(`window:${contents.id}`, 'devices.keysReleased', { seqs: [2] });
    expect(contents.sent.at(-1)).toEqual(['pos:event', 'devices.keysReleased', { seqs: [2] }]);
  });

  it('stops once the window is closed', async () => {
    const { window, shell, lines } = await startedShell();
    const contents = window!.webContents;
    window!.close();
    const count = contents.sent.length;
    shell.core()!.terminal.enter('idle');
    expect(contents.sent).toHaveLength(count);
    expect(lines.some((line) => line.includes('event listener failed'))).toBe(false);
  });
});
