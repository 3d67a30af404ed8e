import { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { commandNames, ipcChannels, type CommandName, type PosApi } from '../../../../src-main/lane/ipc/contract';
import { createFakeRenderer, type FakeRenderer } from '../../../support/fake-electron';

// The preload runs in Electron's sandboxed renderer. Here `electron` is the fake renderer half
// (contextBridge, ipcRenderer), and the preload module is loaded fresh for every test.
let renderer: FakeRenderer;
let pos: PosApi;

beforeEach(async () => {
  vi.resetModules();
  renderer = createFakeRenderer();
  vi.doMock('electron', () => renderer.module);
  await import('../../../../src-main/shells/electron/preload');
  pos = renderer.exposed.get('pos') as PosApi;
});

type Named = Record<string, Record<string, (args?: unknown) => Promise<unknown>>>;

describe('what the preload exposes', () => {
  it('is exactly one global, window.pos', () => {
    expect([...renderer.exposed.keys()]).toEqual(['pos']);
  });

  it('is the contract: call, onEvent and one namespace per command prefix, nothing else', () => {
    const namespaces = [...new Set(commandNames.map((name) => name.slice(0, name.indexOf('.'))))];
    expect(Object.keys(pos).sort()).toEqual(['call', 'onEvent', ...namespaces].sort());
  });

  it('never hands out ipcRenderer, an emitter or a Node object, not even from a call', async () => {
    const seen = new Set<unknown>();
    const found: unknown[] = [];
    const walk = (value: unknown) => {
      if (value === null || (typeof value !== 'object' && typeof value !== 'function') || seen.has(value)) return;
      seen.add(value);
      found.push(value);
      for (const key of Reflect.ownKeys(value)) {
        expect(String(key)).not.toMatch(/ipc|invoke|send|require|process|electron/i);
        walk((value as Record<PropertyKey, unknown>)[key]);
      }
    };
    walk(pos);
    // What the functions hand back is exposed too: the replies, and onEvent's stop function.
    for (const name of commandNames) walk(await pos.call(name, {}));
    const stop = pos.onEvent('terminal.state', () => undefined);
    walk(stop);
    walk(stop());
    for (const value of found) {
      expect(value).not.toBe(renderer.ipcRenderer);
      expect(value).not.toBeInstanceOf(EventEmitter);
    }
  });
});

describe('pos.call', () => {
  it('resolves with the result envelope on ok', async () => {
    renderer.ipcRenderer.answer = async () => ({ ok: true, result: { mode: 'counter' } });
    await expect(pos.call('app.info')).resolves.toEqual({ ok: true, result: { mode: 'counter' } });
    expect(renderer.ipcRenderer.invocations).toEqual([['pos:command:app.info', {}]]);
  });

  it('hands a failure over with its code and field intact (an Error would lose them at the bridge)', async () => {
    renderer.ipcRenderer.answer = async () => ({
      ok: false,
      error: { code: 'invalid_argument', field: 'kind', message: 'devices.list: kind: invalid' },
    });
    const reply = await pos.devices.list({ kind: 'toaster' as never });
    expect(reply).toEqual({
      ok: false,
      error: { code: 'invalid_argument', field: 'kind', message: 'devices.list: kind: invalid' },
    });
  });

  it('turns a main process that cannot answer into code unavailable, not a rejection', async () => {
    renderer.ipcRenderer.answer = async () => {
      throw new Error("Error invoking remote method 'pos:command:app.info': No handler registered");
    };
    await expect(pos.app.info()).resolves.toMatchObject({ ok: false, error: { code: 'unavailable' } });
  });

  it('answers an unknown command without touching IPC', async () => {
    await expect(pos.call('till.open' as CommandName)).resolves.toMatchObject({
      ok: false,
      error: { code: 'unknown_command' },
    });
    expect(renderer.ipcRenderer.invocations).toEqual([]);
  });
});

describe('the named actions', () => {
  it.each(commandNames)('%s goes out on its own channel with its arguments', async (name) => {
    const dot = name.indexOf('.');
    const action = (pos as unknown as Named)[name.slice(0, dot)]?.[name.slice(dot + 1)];
    expect(action).toBeTypeOf('function');
    await expect(action!({})).resolves.toEqual({ ok: true, result: { channel: ipcChannels.command(name) } });
    expect(renderer.ipcRenderer.invocations).toEqual([[`pos:command:${name}`, {}]]);
  });

  it('passes the arguments through', async () => {
    await pos.devices.list({ kind: 'printer' });
    expect(renderer.ipcRenderer.invocations).toEqual([['pos:command:devices.list', { kind: 'printer' }]]);
  });
});

describe('pos.onEvent', () => {
  it('delivers only the named event, until stopped', () => {
    const states: unknown[] = [];
    const stop = pos.onEvent('terminal.state', (state) => states.push(state));
    renderer.ipcRenderer.deliver(ipcChannels.event, 'devices.changed', []);
    renderer.ipcRenderer.deliver(ipcChannels.event, 'terminal.state', { phase: 'idle' });
    renderer.ipcRenderer.deliver('some:other:channel', 'terminal.state', { phase: 'other' });
    stop();
    renderer.ipcRenderer.deliver(ipcChannels.event, 'terminal.state', { phase: 'awaiting-card' });
    expect(states).toEqual([{ phase: 'idle' }]);
    expect(renderer.ipcRenderer.listenerCount(ipcChannels.event)).toBe(0);
  });

  it('stops after its AbortSignal aborts', () => {
    const states: unknown[] = [];
    const controller = new AbortController();
    pos.onEvent('terminal.state', (state) => states.push(state), { signal: controller.signal });
    renderer.ipcRenderer.deliver(ipcChannels.event, 'terminal.state', { phase: 'idle' });
    controller.abort();
    renderer.ipcRenderer.deliver(ipcChannels.event, 'terminal.state', { phase: 'awaiting-card' });
    expect(states).toEqual([{ phase: 'idle' }]);
    expect(renderer.ipcRenderer.listenerCount(ipcChannels.event)).toBe(0);
  });

  it('never subscribes with a signal that has already aborted', () => {
    const states: unknown[] = [];
    pos.onEvent('terminal.state', (state) => states.push(state), { signal: AbortSignal.abort() });
    renderer.ipcRenderer.deliver(ipcChannels.event, 'terminal.state', { phase: 'idle' });
    expect(states).toEqual([]);
    expect(renderer.ipcRenderer.listenerCount(ipcChannels.event)).toBe(0);
  });

  it('refuses an event the contract does not have', () => {
    expect(() => pos.onEvent('secrets.leaked' as never, () => undefined)).toThrow(/Unknown event/);
  });
});
