import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  defaultDigitizerPad,
  digitizerPadDescriptor,
  digitizerPadReport,
  EmulatedDigitizerPad,
  type DigitizerPadSpec,
} from '../../../src-main/stand-ins/devices/hid-digitizer-pad';
import { HidDescriptorWriter, hidInputFlags } from '../../../src-main/stand-ins/devices/hid-descriptor-writer';
import { loadSignatures } from '../../../src-main/stand-ins/devices/signature-replay';
import { decodeDigitizerReport, digitizerLayout, HidDigitizerPad } from '../../../drivers/signature-pad/hid-digitizer';
import { SignaturePadError, type PenPoint } from '../../../drivers/signature-pad/types';
import { createMemoryPair, type MemoryTransport } from '../../../drivers/transport/memory';

const signatures = loadSignatures('assets/signatures');
const neatName = signatures.get('neat-name')!;
/** Reports written by the peer arrive on the next turns of the event loop, as over a real link. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/**
 * The pen report descriptor of Microsoft's "Pen" sample in the HID Usage Tables (Digitizers
 * page, appendix): Tip Switch, Barrel Switch, Invert, Eraser, In Range, 16-bit X and Y, 8-bit
 * Tip Pressure. Written out here item by item.
 */
const usageTablesPen = new HidDescriptorWriter()
  .usagePage(0x0d)
  .usage(0x02)
  .collection('application')
  .reportId(1)
  .usage(0x20)
  .collection('physical')
  .usage(0x42)
  .usage(0x44)
  .usage(0x3c)
  .usage(0x45)
  .usage(0x32)
  .logicalMinimum(0)
  .logicalMaximum(1)
  .reportSize(1)
  .reportCount(5)
  .input(hidInputFlags.variable)
  .reportCount(3)
  .input(hidInputFlags.constant)
  .usagePage(0x01)
  .usage(0x30)
  .logicalMaximum(0x7fff)
  .reportSize(16)
  .reportCount(1)
  .input(hidInputFlags.variable)
  .usage(0x31)
  .input(hidInputFlags.variable)
  .usagePage(0x0d)
  .usage(0x30)
  .logicalMaximum(255)
  .reportSize(8)
  .input(hidInputFlags.variable)
  .endCollection()
  .endCollection()
  .bytes();

describe('digitizerLayout', () => {
  it('finds the pen fields of the usage tables’ sample pen', () => {
    const layout = digitizerLayout(usageTablesPen);
    expect(layout).toMatchObject({
      reportId: 1,
      usesReportIds: true,
      reportBytes: 6,
      extent: { width: 0x7fff, height: 0x7fff, maxPressure: 255 },
    });
    expect(layout.tipSwitch?.bitOffset).toBe(0);
    expect(layout.invert?.bitOffset).toBe(2);
    expect(layout.inRange?.bitOffset).toBe(4);
    expect(layout.x.bitOffset).toBe(8);
    expect(layout.pressure?.bitOffset).toBe(40);
    // Tip down at (0x1234, 0x0567), pressure 0x80.
    expect(decodeDigitizerReport(Uint8Array.of(1, 0b10001, 0x34, 0x12, 0x67, 0x05, 0x80), layout)).toEqual({
      x: 0x1234,
      y: 0x567,
      tip: true,
      inRange: true,
      pressure: 0x80,
    });
    // The eraser end (Invert) never draws.
    expect(decodeDigitizerReport(Uint8Array.of(1, 0b10101, 0x34, 0x12, 0x67, 0x05, 0x80), layout)?.tip).toBe(false);
    expect(decodeDigitizerReport(Uint8Array.of(2, 0, 0, 0, 0, 0, 0), layout)).toBeUndefined();
  });

  it.each([
    ['without report ids', { reportId: 0 }],
    ['without In Range', { inRange: false }],
    ['without a Tip Switch (pressure decides)', { tipSwitch: false }],
    ['without pressure', { maxPressure: undefined }],
    ['with a large pad', { width: 30_000, height: 9_000 }],
  ] as const)('reads a pad %s', (_name, change) => {
    const spec: DigitizerPadSpec = { ...defaultDigitizerPad, ...change };
    const layout = digitizerLayout(digitizerPadDescriptor(spec));
    expect(layout.extent).toEqual({ width: spec.width, height: spec.height, maxPressure: spec.maxPressure });
    const sample = {
      x: Math.floor(spec.width / 3),
      y: spec.height,
      tip: true,
      inRange: true,
      pressure: spec.maxPressure,
    };
    expect(decodeDigitizerReport(digitizerPadReport(sample, spec), layout)).toEqual(sample);
    const lifted = { ...sample, tip: false, pressure: spec.maxPressure === undefined ? undefined : 0 };
    expect(decodeDigitizerReport(digitizerPadReport(lifted, spec), layout)).toEqual(lifted);
  });

  it('names what a descriptor lacks', () => {
    const keyboard = new HidDescriptorWriter()
      .usagePage(0x01)
      .usage(0x06)
      .collection('application')
      .usagePage(0x07)
      .usageMinimum(0xe0)
      .usageMaximum(0xe7)
      .logicalMaximum(1)
      .reportSize(1)
      .reportCount(8)
      .input(hidInputFlags.variable)
      .endCollection()
      .bytes();
    expect(() => digitizerLayout(keyboard)).toThrow(/no X axis/);
    expect(() =>
      digitizerLayout({ ...defaultDigitizerPad, tipSwitch: false, maxPressure: undefined } as never),
    ).toThrow();
    expect(() =>
      digitizerLayout(digitizerPadDescriptor({ ...defaultDigitizerPad, tipSwitch: false, maxPressure: undefined })),
    ).toThrow(/neither Tip Switch .* nor Tip Pressure/);
    expect(() => digitizerLayout(Uint8Array.of(0x05))).toThrow(SignaturePadError);
  });

  it('refuses a short report naming both lengths, and decodes any report of the right length', () => {
    const layout = digitizerLayout(digitizerPadDescriptor());
    expect(() => decodeDigitizerReport(Uint8Array.of(2, 0, 0), layout)).toThrow(
      /2 bytes|3 bytes; the descriptor says 8/,
    );
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 7, maxLength: 7 }), (body) => {
        const sample = decodeDigitizerReport(Uint8Array.of(2, ...body), layout);
        expect(sample?.x).toBeGreaterThanOrEqual(0);
        expect(sample?.x).toBeLessThan(65_536);
      }),
    );
  });
});

describe('HidDigitizerPad against the emulated pad', () => {
  const ends: MemoryTransport[] = [];
  afterEach(async () => {
    await Promise.all(ends.splice(0).map((end) => end.close()));
  });
  const open = async (spec: DigitizerPadSpec = defaultDigitizerPad, buttons = {}) => {
    const { host, device } = createMemoryPair('pen pad');
    ends.push(host, device);
    const peer = new EmulatedDigitizerPad(device, spec);
    const pad = new HidDigitizerPad(host, peer.descriptor, { buttons });
    await pad.open();
    await device.open();
    return { pad, peer, host, device };
  };

  it('captures a recorded signature stroke for stroke in the pad’s coordinates, with live ink', async () => {
    const { pad, peer } = await open();
    const ink: PenPoint[] = [];
    pad.on('ink', (_stroke, points) => ink.push(...points));
    const capture = pad.capture();
    await peer.sign(neatName, { speed: 0 });
    await settle();
    pad.accept();
    const strokes = await capture;
    expect(strokes.width).toBe(2000);
    expect(strokes.height).toBe(600);
    // The pad is 2000 x 600 like the recording: the points come back exactly.
    expect(strokes.strokes).toEqual(
      neatName.strokes.map((stroke) =>
        stroke.filter((point, i) => i === 0 || point.x !== stroke[i - 1]!.x || point.y !== stroke[i - 1]!.y),
      ),
    );
    expect(ink).toEqual(strokes.strokes.flat());
  });

  it('clears, refuses an empty accept, and cancels', async () => {
    const { pad, peer } = await open();
    const capture = pad.capture();
    await peer.sign(signatures.get('initials-short')!, { speed: 0 });
    await settle();
    let cleared = 0;
    pad.on('cleared', () => cleared++);
    pad.clear();
    expect(cleared).toBe(1);
    expect(() => pad.accept()).toThrow(expect.objectContaining({ kind: 'empty' }));
    await peer.sign(neatName, { speed: 0 });
    pad.cancel();
    await expect(capture).rejects.toMatchObject({ kind: 'canceled' });
  });

  it('ignores the pen outside a capture, and allows one capture at a time', async () => {
    const { pad, peer } = await open();
    await peer.sign(neatName, { speed: 0 });
    const capture = pad.capture();
    await expect(pad.capture()).rejects.toMatchObject({ kind: 'busy' });
    expect(() => pad.accept()).toThrow(expect.objectContaining({ kind: 'empty' }));
    const abort = new AbortController();
    pad.cancel();
    await expect(capture).rejects.toMatchObject({ kind: 'canceled' });
    const second = pad.capture({ signal: abort.signal });
    abort.abort();
    await expect(second).rejects.toMatchObject({ kind: 'canceled' });
  });

  it('accepts, clears and cancels from buttons on the pad', async () => {
    const buttons = {
      accept: { x: 1800, y: 500, width: 200, height: 100 },
      clear: { x: 0, y: 500, width: 200, height: 100 },
      cancel: { x: 900, y: 500, width: 200, height: 100 },
    };
    const { pad, peer } = await open(defaultDigitizerPad, buttons);
    const first = pad.capture();
    await peer.tap(1900, 550); // accept with nothing signed: ignored
    await peer.sign(signatures.get('initials-short')!, { speed: 0 });
    await peer.tap(100, 550); // clear
    await peer.sign(neatName, { speed: 0 });
    await peer.tap(1900, 550);
    const strokes = await first;
    expect(strokes.strokes).toHaveLength(neatName.strokes.length);
    const second = pad.capture();
    await peer.tap(1000, 550);
    await expect(second).rejects.toMatchObject({ kind: 'canceled' });
  });

  it('fails the capture when the pad is unplugged, and captures again once it is back', async () => {
    const { pad, peer, host } = await open();
    const events: string[] = [];
    pad.on('disconnected', () => events.push('disconnected'));
    pad.on('connected', () => events.push('connected'));
    const capture = pad.capture();
    host.unplug();
    await expect(capture).rejects.toMatchObject({ kind: 'disconnected' });
    await expect(pad.capture()).rejects.toMatchObject({ kind: 'disconnected' });
    host.replug();
    await settle();
    expect(events).toEqual(['disconnected', 'connected']);
    const again = pad.capture();
    await peer.sign(neatName, { speed: 0 });
    await settle();
    pad.accept();
    await expect(again).resolves.toMatchObject({ width: 2000 });
  });

  it('reports an unreadable report as an error and keeps capturing', async () => {
    const { pad, peer, device } = await open();
    const errors: Error[] = [];
    pad.on('error', (error) => errors.push(error));
    const capture = pad.capture();
    await device.write(Uint8Array.of(2, 1));
    await peer.sign(neatName, { speed: 0 });
    await settle();
    pad.accept();
    await expect(capture).resolves.toMatchObject({ strokes: expect.any(Array) });
    expect(errors[0]?.message).toMatch(/input report is 2 bytes/);
  });
});
