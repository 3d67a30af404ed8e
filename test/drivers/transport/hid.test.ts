import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { HidTransport, listHidDevices } from '../../../drivers/transport/hid';
import { ManualClock } from '../../support/manual-clock';
import { FakeNodeHid, type FakeHidDeviceSpec } from '../../support/fake-node-hid';
import { until } from '../../support/until';

const swipeReader: FakeHidDeviceSpec = {
  vendorId: 0x0801,
  productId: 0x0011,
  path: '/dev/hidraw3',
  product: 'MagTek USB Swipe Reader',
  manufacturer: 'Mag-Tek',
  usagePage: 0xff00,
  usage: 0x01,
  interface: 0,
  reportDescriptor: Uint8Array.of(0x06, 0x00, 0xff, 0x09, 0x01, 0xa1, 0x01, 0xc0),
  inputReportSize: 8,
};
/** The same device's keyboard interface: same ids, another usage page. */
const keyboardInterface: FakeHidDeviceSpec = {
  ...swipeReader,
  path: '/dev/hidraw4',
  usagePage: 0x01,
  usage: 0x06,
  interface: 1,
};

const poll = 5;

/**
 * Moves `clock` on by `ms` a poll interval at a time, giving each poll's enumeration a loop turn
 * to settle (and schedule the next) before time moves on.
 */
async function pass(clock: ManualClock, ms: number): Promise<void> {
  for (let passed = 0; passed < ms; passed += poll) {
    clock.advance(poll);
    await new Promise((settled) => setImmediate(settled));
  }
}

function record(transport: HidTransport): string[] {
  const events: string[] = [];
  transport.on('open', () => events.push('open'));
  transport.on('close', () => events.push('close'));
  transport.on('disconnected', (error) => events.push(`disconnected: ${error.message}`));
  transport.on('data', (chunk) => events.push(`data ${Buffer.from(chunk).toString('hex')}`));
  return events;
}

describe('HidTransport', () => {
  it('opens by vendor and product id, names the device, and delivers each input report as one chunk, padded', async () => {
    const api = new FakeNodeHid([swipeReader]);
    const transport = new HidTransport({ device: { vendorId: 0x0801, productId: 0x0011 }, api, pollIntervalMs: poll });
    expect(transport.description).toBe('HID 0801:0011');
    const events = record(transport);
    await transport.open();
    expect(transport.isOpen).toBe(true);
    expect(transport.kind).toBe('hid');
    expect(transport.description).toBe('HID 0801:0011 (MagTek USB Swipe Reader)');
    await api.sendReport(swipeReader.path, Uint8Array.of(1, 2, 3));
    await api.sendReport(swipeReader.path, Uint8Array.of(9, 9, 9, 9, 9, 9, 9, 9));
    expect(events).toEqual(['open', 'data 0102030000000000', 'data 0909090909090909']);
    await transport.open();
    expect(api.openHandles(swipeReader.path)).toHaveLength(1);
  });

  it('opens by path, and by ids filtered by usage page or interface', async () => {
    const api = new FakeNodeHid([keyboardInterface, swipeReader]);
    const byPath = new HidTransport({ device: { path: '/dev/hidraw3' }, api });
    expect(byPath.description).toBe('HID /dev/hidraw3');
    await byPath.open();
    expect(byPath.description).toBe('HID 0801:0011 (MagTek USB Swipe Reader)');
    expect(api.openHandles('/dev/hidraw3')).toHaveLength(1);
    await byPath.close();

    const byPage = new HidTransport({ device: { vendorId: 0x0801, productId: 0x0011, usagePage: 0xff00 }, api });
    await byPage.open();
    expect(api.openHandles('/dev/hidraw3')).toHaveLength(1);
    expect(api.openHandles('/dev/hidraw4')).toHaveLength(0);
    await byPage.close();

    const byInterface = new HidTransport({ device: { vendorId: 0x0801, productId: 0x0011, interface: 1 }, api });
    await byInterface.open();
    expect(api.openHandles('/dev/hidraw4')).toHaveLength(1);
    await byInterface.close();
    expect(api.openHandles('/dev/hidraw4')).toHaveLength(0);
  });

  it('rejects an open with a message naming the device, and does not start polling', async () => {
    const api = new FakeNodeHid([swipeReader]);
    await expect(new HidTransport({ device: { path: '/dev/hidraw9' }, api }).open()).rejects.toMatchObject({
      kind: 'not-found',
      message: 'cannot open HID /dev/hidraw9: cannot open device with path /dev/hidraw9',
    });
    await expect(new HidTransport({ device: { vendorId: 0x0c2e, productId: 0x0200 }, api }).open()).rejects.toThrow(
      'cannot open HID 0c2e:0200: cannot open device with vendor id 0xc2e and product id 0x200',
    );
    const clock = new ManualClock();
    const filtered = new HidTransport({
      device: { vendorId: 0x0801, productId: 0x0011, usagePage: 0x8e },
      api,
      pollIntervalMs: poll,
      clock,
    });
    await expect(filtered.open()).rejects.toMatchObject({
      kind: 'not-found',
      message: 'cannot open HID 0801:0011 [usage page 0x008e]: no matching interface is connected',
    });
    expect(filtered.isOpen).toBe(false);
    expect(filtered.polling).toBe(false);
    const enumerations = api.enumerations;
    expect(clock.pending).toBe(0);
    await pass(clock, poll * 5);
    expect(api.enumerations).toBe(enumerations);
  });

  it('on unplug: closes the device, says disconnected, polls only while it is missing, reopens on replug', async () => {
    const api = new FakeNodeHid([swipeReader]);
    const clock = new ManualClock();
    const device = { vendorId: 0x0801, productId: 0x0011 };
    const transport = new HidTransport({ device, api, pollIntervalMs: poll, clock });
    const events = record(transport);
    await transport.open();
    const before = api.enumerations;

    api.unplug(swipeReader.path);
    const [lost] = await once(transport, 'disconnected');
    expect(lost).toMatchObject({ kind: 'disconnected' });
    expect(transport.isOpen).toBe(false);
    expect(api.openHandles(swipeReader.path)).toHaveLength(0);
    await expect(transport.write(Uint8Array.of(0, 1))).rejects.toMatchObject({
      kind: 'not-open',
      message: 'HID 0801:0011 (MagTek USB Swipe Reader) is not open',
    });
    await pass(clock, poll * 3);
    expect(api.enumerations).toBe(before + 3);
    expect(transport.polling).toBe(true);

    api.plug(swipeReader.path);
    const reopened = once(transport, 'open');
    await pass(clock, poll);
    await reopened;
    expect(transport.isOpen).toBe(true);
    expect(transport.polling).toBe(false);
    expect(clock.pending).toBe(0);
    const found = api.enumerations;
    await pass(clock, poll * 5);
    expect(api.enumerations).toBe(found);

    await api.sendReport(swipeReader.path, Uint8Array.of(7));
    expect(events).toEqual([
      'open',
      'disconnected: HID 0801:0011 (MagTek USB Swipe Reader) was disconnected: could not read from HID device',
      'open',
      'data 0700000000000000',
    ]);
  });

  it('stops polling on close, and closing twice is a no-op', async () => {
    const api = new FakeNodeHid([swipeReader]);
    const clock = new ManualClock();
    const transport = new HidTransport({ device: { path: swipeReader.path }, api, pollIntervalMs: poll, clock });
    const events = record(transport);
    await transport.open();
    api.unplug(swipeReader.path);
    await once(transport, 'disconnected');
    await until(() => transport.polling, 'polling');
    expect(clock.pending).toBe(1);
    await transport.close();
    await transport.close();
    expect(transport.polling).toBe(false);
    expect(clock.pending).toBe(0);
    const stopped = api.enumerations;
    api.plug(swipeReader.path);
    await pass(clock, poll * 5);
    expect(api.enumerations).toBe(stopped);
    expect(transport.isOpen).toBe(false);
    expect(events.filter((event) => event === 'open' || event === 'close')).toEqual(['open', 'close']);
  });

  it('writes output reports and reads and sends feature reports while open', async () => {
    const api = new FakeNodeHid([swipeReader]);
    const transport = new HidTransport({ device: { path: swipeReader.path }, api });
    await expect(transport.write(Uint8Array.of(0))).rejects.toThrow('HID /dev/hidraw3 is not open');
    await transport.open();
    await transport.write(Uint8Array.of(0, 0x02, 0x00));
    await transport.sendFeatureReport(Uint8Array.of(0, 0x09));
    const [handle] = api.openHandles(swipeReader.path);
    expect(handle!.writes.map((b) => b.toString('hex'))).toEqual(['000200']);
    expect(handle!.featureWrites.map((b) => b.toString('hex'))).toEqual(['0009']);
    expect([...(await transport.getFeatureReport(0, 4))]).toEqual([0, 0, 0, 0]);
    await transport.close();
    expect(api.openHandles(swipeReader.path)).toHaveLength(0);
    await expect(transport.sendFeatureReport(Uint8Array.of(0))).rejects.toThrow('is not open');
  });

  it('gives the report descriptor only where node-hid can fetch it (node-hid 3.4 cannot)', async () => {
    const old = new HidTransport({ device: { path: swipeReader.path }, api: new FakeNodeHid([swipeReader]) });
    await old.open();
    await expect(old.reportDescriptor()).resolves.toBeUndefined();
    const newer = new HidTransport({
      device: { path: swipeReader.path },
      api: new FakeNodeHid([swipeReader], { reportDescriptors: true }),
    });
    await newer.open();
    expect([...((await newer.reportDescriptor()) ?? [])]).toEqual([...swipeReader.reportDescriptor!]);
  });

  it('loads the HID module lazily through the given loader', async () => {
    let loads = 0;
    const api = new FakeNodeHid([swipeReader]);
    const transport = new HidTransport({
      device: { path: swipeReader.path },
      api: async () => {
        loads++;
        return api;
      },
    });
    expect(loads).toBe(0);
    await transport.open();
    await transport.close();
    await transport.open();
    expect(loads).toBe(1);
  });
});

describe('listHidDevices', () => {
  it('lists plain descriptions of every interface', async () => {
    const devices = await listHidDevices(new FakeNodeHid([swipeReader, keyboardInterface]));
    expect(devices).toEqual([
      {
        vendorId: 0x0801,
        productId: 0x0011,
        path: '/dev/hidraw3',
        product: 'MagTek USB Swipe Reader',
        manufacturer: 'Mag-Tek',
        serialNumber: null,
        usagePage: 0xff00,
        usage: 0x01,
        interface: 0,
        description: 'HID 0801:0011 (MagTek USB Swipe Reader)',
      },
      expect.objectContaining({ path: '/dev/hidraw4', usagePage: 0x01, interface: 1 }),
    ]);
    expect(JSON.parse(JSON.stringify(devices))).toEqual(devices);
  });
});
