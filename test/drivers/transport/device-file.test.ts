import { createReadStream, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DeviceFileTransport } from '../../../drivers/transport/device-file';
import { PtyPair } from '../../support/pty-pair';
import { freshFolder } from '../../src-main/lane/config/folders';
import { until } from '../../support/until';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('DeviceFileTransport.open', () => {
  it('writes to a device node (a pseudo-terminal standing in for /dev/usb/lp0)', async () => {
    const pair = await new PtyPair().start();
    cleanups.push(() => pair.stop());
    const received: Buffer[] = [];
    const reading = createReadStream(pair.device);
    reading.on('data', (chunk) => received.push(Buffer.from(chunk)));
    // The far end reads EIO once socat is stopped: the test is over by then.
    reading.on('error', () => undefined);
    cleanups.push(async () => void reading.destroy());
    const transport = new DeviceFileTransport(pair.host);
    await transport.open();
    cleanups.push(() => transport.close());
    await transport.write(Uint8Array.from([0x1b, 0x40, 0x41, 0x0a]));
    await until(() => Buffer.concat(received).length >= 4, 'the bytes arrived');
    expect(Buffer.concat(received)).toEqual(Buffer.from([0x1b, 0x40, 0x41, 0x0a]));
  });

  it('refuses a regular file (the lane\u2019s own secrets.json) and appends nothing to it', async () => {
    const secrets = join(freshFolder('device-file'), 'secrets.json');
    writeFileSync(secrets, '{"gateway.password":"x"}\n');
    const transport = new DeviceFileTransport(secrets, { platform: 'linux' });
    await expect(transport.open()).rejects.toMatchObject({
      name: 'TransportError',
      kind: 'failed',
      message: `Cannot open ${secrets}: "${secrets}" is not in /dev, /dev/usb, /dev/pts; a printer's device file is there, e.g. /dev/usb/lp0`,
    });
    expect(transport.isOpen).toBe(false);
    expect(readFileSync(secrets, 'utf8')).toBe('{"gateway.password":"x"}\n');
  });

  it('creates nothing where no device is', async () => {
    const transport = new DeviceFileTransport('/dev/usb/lp97', { platform: 'linux' });
    await expect(transport.open()).rejects.toMatchObject({
      kind: 'not-found',
      message: 'Cannot open /dev/usb/lp97: "/dev/usb/lp97" does not exist; is the printer plugged in and switched on?',
    });
    expect(existsSync('/dev/usb/lp97')).toBe(false);
  });
});
