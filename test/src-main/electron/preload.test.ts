import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { commandNames, ipcChannels, type PosApi } from '../../../src-main/ipc/contract';

// The preload runs in Electron's sandboxed renderer; here `electron` is a fake with the same
// contextBridge and ipcRenderer calls, recording what the preload exposes.
const exposed = vi.hoisted(() => new Map<string, unknown>());
const ipc = vi.hoisted(async () => {
  const { EventEmitter: Emitter } = await import('node:events');
  const invocations: Array<[string, unknown]> = [];
  return Object.assign(new Emitter(), {
    invocations,
    invoke: async (channel: string, args: unknown) => {
      invocations.push([channel, args]);
      return { ok: true, result: { channel } };
    },
  });
});
vi.mock('electron', async () => ({
  contextBridge: {
    exposeInMainWorld: (key: string, api: unknown) => {
      if (exposed.has(key)) throw new Error(`Cannot bind an API on top of an existing property: ${key}`);
      exposed.set(key, api);
    },
  },
  ipcRenderer: await ipc,
}));

await import('../../../src-main/electron/preload');
const pos = exposed.get('pos') as PosApi;
const ipcRenderer = await ipc;

describe('preload', () => {
  it('exposes exactly one global, window.pos', () => {
    expect([...exposed.keys()]).toEqual(['pos']);
  });

  it('never hands out ipcRenderer or an emitter', () => {
    const seen = new Set<unknown>();
    const walk = (value: unknown) => {
      if (value === null || typeof value !== 'object' || seen.has(value)) return;
      seen.add(value);
      expect(value).not.toBe(ipcRenderer);
      expect(value).not.toBeInstanceOf(EventEmitter);
      for (const [key, item] of Object.entries(value)) {
        expect(key).not.toMatch(/ipc|invoke|send|require|process/i);
        walk(item);
      }
    };
    walk(pos);
  });

  it('offers a named action for every contract command, on its own channel', async () => {
    for (const name of commandNames) {
      const [namespace, action] = name.split('.') as [string, string];
      const named = (pos as unknown as Record<string, Record<string, (a?: unknown) => Promise<unknown>>>)[namespace]![action]!;
      await expect(named({})).resolves.toEqual({ ok: true, result: { channel: ipcChannels.command(name) } });
    }
    await pos.devices.list({ kind: 'printer' });
    expect(ipcRenderer.invocations.at(-1)).toEqual([ipcChannels.command('devices.list'), { kind: 'printer' }]);
  });

  it('answers an unknown command without touching IPC', async () => {
    const before = ipcRenderer.invocations.length;
    await expect(pos.call('till.open' as never)).resolves.toMatchObject({ ok: false, error: { code: 'unknown_command' } });
    expect(ipcRenderer.invocations).toHaveLength(before);
  });

  it('delivers only the named event, until unsubscribed or aborted', () => {
    const states: unknown[] = [];
    const controller = new AbortController();
    const stop = pos.onEvent('terminal.state', (state) => states.push(state));
    pos.onEvent('terminal.state', (state) => states.push(['aborted one', state]), { signal: controller.signal });
    controller.abort();
    ipcRenderer.emit(ipcChannels.event, {}, 'devices.changed', []);
    ipcRenderer.emit(ipcChannels.event, {}, 'terminal.state', { phase: 'idle' });
    stop();
    ipcRenderer.emit(ipcChannels.event, {}, 'terminal.state', { phase: 'reading' });
    expect(states).toEqual([{ phase: 'idle' }]);
    expect(ipcRenderer.listenerCount(ipcChannels.event)).toBe(0);
  });

  it('refuses to subscribe to an event the contract does not have', () => {
    expect(() => pos.onEvent('secrets.leaked' as never, () => undefined)).toThrow(/Unknown event/);
  });
});
