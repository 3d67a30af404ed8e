import { describe, expect, it } from 'vitest';
import { hangupAwareBinding } from '../../../drivers/transport/hangup-aware-binding';
import { serialLinks } from '../../support/driver-serial-links';
import { until } from '../../support/until';

const serial = serialLinks();

describe('the serial binding when the terminal hangs up', () => {
  it('fails a read made after the hang-up as a disconnect, instead of reading end of file forever', async () => {
    const pair = await serial.pair();
    const port = await hangupAwareBinding.open({ path: pair.host, baudRate: 115_200 });
    try {
      // socat gone: the host end is hung up, and every read of it returns zero bytes at once.
      await pair.stop();
      const buffer = Buffer.alloc(64);
      await expect(port.read(buffer, 0, buffer.length)).rejects.toMatchObject({
        disconnect: true,
        message: expect.stringContaining('hung up'),
      });
    } finally {
      await port.close();
    }
  });

  it('still reads what arrives, waiting on the poller while nothing is there', async () => {
    const { pair, device } = await serial.deviceEnd({ baudRate: 115_200 });
    const port = await hangupAwareBinding.open({ path: pair.host, baudRate: 115_200 });
    try {
      const buffer = Buffer.alloc(64);
      const reading = port.read(buffer, 0, buffer.length);
      await device.write(Buffer.from('PAE'));
      const { bytesRead } = await reading;
      expect(buffer.subarray(0, bytesRead).toString()).toBe('PAE');
    } finally {
      await port.close();
    }
  });

  it('reports a port unplugged while data is arriving as disconnected', async () => {
    const { pair, device } = await serial.deviceEnd({ baudRate: 115_200 });
    const host = serial.port(pair.host, { baudRate: 115_200, backoff: { initialMs: 20, maxMs: 100 } });
    const events: string[] = [];
    host.on('disconnected', () => events.push('disconnected'));
    host.on('data', () => undefined);
    await host.open();
    // Bytes in flight keep the host's reads going, so the hang-up meets a read rather than the poller.
    const writing = (async () => {
      for (let i = 0; i < 200 && device.isOpen; i++) await device.write(Buffer.alloc(256, 0x41)).catch(() => undefined);
    })();
    await pair.stop();
    await until(() => events.includes('disconnected'), 'the host end reported disconnected', 5000);
    await writing;
  });
});
