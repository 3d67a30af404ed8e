import { describe, expect, it, vi } from 'vitest';
import type { DeviceInfo } from '../../../../src-main/lane/ipc/contract';
import { testCore } from '../../../support/test-core';

const reader: DeviceInfo = {
  id: 'reader-1',
  kind: 'card-reader',
  name: 'Counter reader',
  transport: 'keyboard-wedge',
  emulated: false,
  status: 'connecting',
  lastError: null,
};

describe('createCore', () => {
  it('describes a fresh install as a training counter terminal', () => {
    const { core } = testCore();
    expect(core.info()).toEqual({
      name: 'Lanepoint',
      version: '9.9.9-test',
      mode: 'counter',
      training: true,
      terminalId: 'LANE-01',
      shell: 'browser',
    });
  });

  it('reports kiosk mode and the electron shell from its inputs', () => {
    const { core } = testCore({ mode: 'kiosk', training: false }, 'electron');
    expect(core.info()).toMatchObject({ mode: 'kiosk', training: false, shell: 'electron' });
  });

  it('is idle once started, with the training note', () => {
    const { core } = testCore();
    expect(core.terminal.current()).toMatchObject({ phase: 'idle', detail: expect.stringMatching(/Training/) });
  });

  it('publishes device changes and terminal phases as contract events', () => {
    const { core } = testCore();
    const seen: Array<[string, unknown]> = [];
    core.events.subscribe((name, payload) => seen.push([name, payload]));
    core.devices.register(reader);
    core.devices.setStatus('reader-1', 'error', 'USB cable unplugged');
    core.terminal.enter('awaiting-card', 'Waiting for card');
    expect(seen.map(([name]) => name)).toEqual(['devices.changed', 'devices.changed', 'terminal.state']);
    // Training also brings its emulated reader; this test's reader is the one that changed.
    expect((seen[1]?.[1] as Array<{ id: string }>).find((device) => device.id === 'reader-1')).toEqual({
      ...reader,
      status: 'error',
      lastError: 'USB cable unplugged',
    });
    expect(seen[2]?.[1]).toMatchObject({ phase: 'awaiting-card', detail: 'Waiting for card' });
  });

  it('does not repeat an event for a status that did not change', () => {
    const { core } = testCore();
    core.devices.register(reader);
    const listener = vi.fn();
    core.events.subscribe(listener);
    core.devices.setStatus('reader-1', 'connecting');
    expect(listener).not.toHaveBeenCalled();
  });

  it('keeps delivering to other listeners when one throws, and logs the fault', () => {
    const { core, lines } = testCore();
    const good = vi.fn();
    core.events.subscribe(() => {
      throw new Error('window gone');
    });
    core.events.subscribe(good);
    core.terminal.enter('awaiting-card');
    expect(good).toHaveBeenCalledOnce();
    expect(lines.some((line) => line.includes('event listener failed'))).toBe(true);
  });

  it('dispatches commands through the contract', async () => {
    const { core } = testCore();
    core.devices.register(reader);
    expect(await core.dispatch('devices.list', { kind: 'printer' })).toEqual({
      ok: true,
      result: [expect.objectContaining({ id: 'training-printer', kind: 'printer', emulated: true })],
    });
    expect(await core.dispatch('devices.list', { kind: 'card-reader' })).toEqual({
      ok: true,
      result: [expect.objectContaining({ id: 'training-reader', emulated: true }), reader],
    });
  });

  it('refuses a status change for a device it does not know', () => {
    const { core } = testCore();
    expect(() => core.devices.setStatus('ghost', 'connected')).toThrow(/ghost/);
  });

  it('stops publishing after close', async () => {
    const { core } = testCore();
    const listener = vi.fn();
    core.events.subscribe(listener);
    await core.close();
    core.devices.register(reader);
    expect(listener).not.toHaveBeenCalled();
  });
});
