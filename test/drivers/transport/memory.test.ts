import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createMemoryPair } from '../../../drivers/transport/memory';

describe('createMemoryPair', () => {
  it('delivers what one end writes to the other, asynchronously', async () => {
    const { host, device } = createMemoryPair('test');
    await host.open();
    await device.open();
    const received: number[][] = [];
    host.on('data', (chunk) => received.push([...chunk]));
    await device.write(Uint8Array.of(1, 2, 3));
    expect(received).toEqual([]);
    await once(host, 'data');
    expect(received).toEqual([[1, 2, 3]]);
  });

  it('refuses to write on a closed end and drops data for a closed peer', async () => {
    const { host, device } = createMemoryPair('test');
    await expect(device.write(Uint8Array.of(1))).rejects.toThrow('test (device end) is not open');
    await device.open();
    let got = 0;
    host.on('data', () => got++);
    await device.write(Uint8Array.of(1));
    await new Promise((resolve) => setImmediate(resolve));
    expect(got).toBe(0);
  });

  it('reports an unplug as disconnected and reopens on replug, but not after close', async () => {
    const { host } = createMemoryPair('reader');
    const events: string[] = [];
    host.on('open', () => events.push('open'));
    host.on('disconnected', (error) => events.push(`disconnected: ${error.message}`));
    host.on('close', () => events.push('close'));
    await host.open();
    await Promise.resolve();
    host.unplug();
    expect(host.isOpen).toBe(false);
    await expect(host.open()).rejects.toThrow('is not connected');
    host.replug();
    await Promise.resolve();
    expect(host.isOpen).toBe(true);
    await host.close();
    host.unplug();
    host.replug();
    await Promise.resolve();
    expect(host.isOpen).toBe(false);
    expect(events).toEqual(['open', 'disconnected: reader (host end) was disconnected', 'open', 'close']);
  });
});
