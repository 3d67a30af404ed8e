import { describe, expect, it } from 'vitest';
import { SerialTransport } from '../../../drivers/transport/serial';
import { serialLinks } from '../../support/driver-serial-links';
import { ManualClock } from '../../support/manual-clock';
import { until } from '../../support/until';

const serial = serialLinks();

/**
 * Both ends open, at 115200 baud. (The open order once decided whether an unplug was reported: a
 * hang-up that met a read in flight was missed. hangup-aware-binding.test.ts covers that now.)
 */
async function link(clock?: ManualClock) {
  const pair = await serial.pair();
  const options = { baudRate: 115200, backoff: { initialMs: 20, maxMs: 200 } };
  const host = serial.port(pair.host, { ...options, ...(clock ? { clock } : {}) });
  const device = serial.port(pair.device, options);
  await host.open();
  await device.open();
  return { pair, host, device };
}

const collect = (transport: SerialTransport) => {
  const bytes: number[] = [];
  transport.on('data', (chunk) => bytes.push(...chunk));
  return bytes;
};

describe('SerialTransport over a real pseudo-terminal pair', () => {
  it('moves bytes both ways', async () => {
    const { host, device } = await link();
    const atDevice = collect(device);
    const atHost = collect(host);
    await host.write(Buffer.from('ping from host'));
    await device.write(Uint8Array.from({ length: 600 }, (_, i) => i % 256));
    await until(() => atDevice.length === 14 && atHost.length === 600, 'both directions');
    expect(Buffer.from(atDevice).toString()).toBe('ping from host');
    expect(atHost).toEqual(Array.from({ length: 600 }, (_, i) => i % 256));
    expect(host.description).toMatch(/host at 115200 baud$/);
  });

  it('names the port it cannot open, with the kind not-found', async () => {
    const missing = new SerialTransport({ path: '/dev/lanepoint-no-such-port', baudRate: 9600 });
    await expect(missing.open()).rejects.toThrow(/^Cannot open \/dev\/lanepoint-no-such-port at 9600 baud: /);
    await expect(missing.open()).rejects.toMatchObject({ name: 'TransportError', kind: 'not-found' });
  });

  it('refuses a port another open holds, with the kind busy', async () => {
    const { pair } = await link();
    const second = serial.port(pair.host, { baudRate: 115200 });
    await expect(second.open()).rejects.toMatchObject({
      kind: 'busy',
      message: expect.stringMatching(/^Cannot open .*host at 115200 baud: .*lock/i),
    });
  });

  it('joins an open() made while another is under way: one port, one open event', async () => {
    const pair = await serial.pair();
    const host = serial.port(pair.host, { baudRate: 115200 });
    let opens = 0;
    host.on('open', () => (opens += 1));
    // With two ports built, the second would fail to lock the port the first holds.
    await Promise.all([host.open(), host.open(), host.open()]);
    expect(opens).toBe(1);
    const device = serial.port(pair.device, { baudRate: 115200 });
    await device.open();
    const atDevice = collect(device);
    await host.write(Buffer.from('one port'));
    await until(() => atDevice.length === 8, 'the bytes at the far end');
    expect(Buffer.from(atDevice).toString()).toBe('one port');
  });

  it('reports an unplug, reconnects when the port is back, and stops trying after close', async () => {
    // The host's backoff waits run on this clock: the test moves it while the port is away.
    const clock = new ManualClock();
    const { pair, host, device } = await link(clock);
    const events: string[] = [];
    host.on('disconnected', (error) => events.push(`disconnected (${(error as { kind?: string }).kind})`));
    host.on('open', () => events.push('open'));
    await pair.stop();
    await until(() => events.includes('disconnected (disconnected)'), 'disconnected');
    // The far end here stands for the device itself: it goes away for good, a new one comes.
    await device.close();
    await pair.restart();
    // Each look moves the clock past the longest backoff, as time would pass while socat restarts.
    await until(() => (clock.advance(200), events.at(-1) === 'open'), 'reopen');
    const replugged = serial.port(pair.device, { baudRate: 115200 });
    await replugged.open();
    const atHost = collect(host);
    await replugged.write(Buffer.from('back'));
    await until(() => atHost.length === 4, 'data after reconnect');
    await host.close();
    // Closed on purpose: no reopening is waiting, so none can follow the far end going away.
    expect(clock.pending).toBe(0);
    await pair.stop();
    clock.advance(60_000);
    await new Promise((turn) => setImmediate(turn));
    expect(clock.pending).toBe(0);
    expect(events).toEqual(['disconnected (disconnected)', 'open']);
    expect(host.isOpen).toBe(false);
  });

  it('refuses to write while closed', async () => {
    const { host } = await link();
    await host.close();
    await expect(host.write(Uint8Array.of(1))).rejects.toMatchObject({
      kind: 'not-open',
      message: expect.stringMatching(/is not open$/),
    });
  });
});
