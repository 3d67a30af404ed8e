import { afterEach, describe, expect, it } from 'vitest';
import { loadSignatures } from '../../../../src-main/stand-ins/devices/signature-replay';
import type { Settings } from '../../../../src-main/lane/config/settings';
import { createCore, type Core } from '../../../../src-main/lane/core/core';
import type { EventName, SignatureResult, SignatureSession } from '../../../../src-main/lane/ipc/contract';
import { decodeSignature } from '../../../../src-main/lane/signature/codec';
import { serialLinks } from '../../../support/driver-serial-links';
import { liveDeviceSettings } from '../../../support/driver-settings';
import { drawnSignature } from '../../../support/strokes';
import { collectingLogger, ok, testCore, until } from '../../../support/test-core';
import { laneTraining } from '../../../../src-main/shells/training/lane-training';

const cores: Core[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
});

function core(settings: Partial<Settings> = {}) {
  const made = testCore(settings);
  cores.push(made.core);
  const seen: Array<{ name: EventName; payload: unknown }> = [];
  made.core.events.subscribe((name, payload) => seen.push({ name, payload }));
  return { ...made, seen };
}

const signatures = loadSignatures('assets/signatures');
/** Signing on the screen only, on a 576 x 160 canvas. */
const screenCapture = {
  policy: 'network-rules',
  capture: 'screen',
  allowSkip: false,
  canvasWidth: 576,
  canvasHeight: 160,
  lineWidth: 2,
} as const;
const drawn = drawnSignature(800, 260, '40,200 120,60 200,200 | 260,120 700,140');

describe('signature capture over the contract', () => {
  it('captures on the training pad: live ink, accept, and the image as the gateway gets it', async () => {
    const { core: lane, seen } = core();
    await until(() => lane.devices.list('signature-pad')[0]?.status === 'connected');
    expect(lane.devices.list('signature-pad')[0]).toMatchObject({
      id: 'training-pad',
      name: 'Training signature pad',
      emulated: true,
    });
    const session = ok(await lane.dispatch('signature.begin', {})) as SignatureSession;
    expect(session).toMatchObject({
      state: 'capturing',
      source: 'pad',
      deviceId: 'training-pad',
      extent: { width: 2000, height: 600 },
      emulated: true,
    });
    expect(ok(await lane.dispatch('signature.recorded', {}))).toEqual([
      'initials-short',
      'long-messy',
      'name-with-underline',
      'neat-name',
    ]);
    expect(await lane.dispatch('signature.accept', {})).toMatchObject({
      ok: false,
      error: { code: 'failed_precondition', message: expect.stringMatching(/Nothing has been signed/) },
    });
    ok(await lane.dispatch('signature.replay', { name: 'initials-short' }));
    const inked = () =>
      seen
        .filter((event) => event.name === 'signature.ink')
        .reduce((sum, event) => sum + (event.payload as { points: unknown[] }).points.length, 0);
    // The replay's ink crosses the emulated pad's link: wait for it, then check none is missing.
    const points = signatures.get('initials-short')!.strokes.flat().length;
    await until(() => inked() >= points, 'the replayed ink');
    expect(inked()).toBe(points);
    const result = ok(await lane.dispatch('signature.accept', {})) as SignatureResult;
    expect(result).toMatchObject({ width: 384, height: 128, lineWidth: 3, reduced: false });
    expect(result.length).toBeLessThanOrEqual(6144);
    expect(result.png).toMatch(/^data:image\/png;base64,/);
    expect(lane.signature.session()).toMatchObject({ state: 'accepted', result });
    const taken = lane.signature.take();
    expect(taken?.length).toBe(result.length);
    const bitmap = decodeSignature(taken!.value);
    expect(bitmap.ink.some(Boolean)).toBe(true);
    expect(lane.signature.take()).toBeUndefined();
    expect(lane.signature.session().state).toBe('idle');
  });

  it('captures on the screen with the lane’s canvas settings, and clears and cancels', async () => {
    const { core: lane, seen } = core({ signature: screenCapture });
    expect(ok(await lane.dispatch('signature.begin', {}))).toMatchObject({
      state: 'capturing',
      source: 'screen',
      extent: null,
    });
    expect(ok(await lane.dispatch('signature.clear', {}))).toMatchObject({ state: 'capturing' });
    expect(seen.some((event) => event.name === 'signature.cleared')).toBe(true);
    const result = ok(await lane.dispatch('signature.submit', { signature: drawn })) as SignatureResult;
    expect(result).toMatchObject({ width: 576, height: 160, lineWidth: 2 });
    expect(decodeSignature(lane.signature.take()!.value)).toMatchObject({ width: 576, height: 160 });
    ok(await lane.dispatch('signature.begin', { source: 'screen' }));
    expect(ok(await lane.dispatch('signature.cancel', {}))).toEqual({ canceled: true });
    expect(lane.signature.take()).toBeUndefined();
    expect(
      seen
        .filter((event) => event.name === 'signature.session')
        .map((event) => (event.payload as SignatureSession).state),
    ).toEqual(['capturing', 'accepted', 'idle', 'capturing', 'idle']);
  });

  it('capture(signal) is a promise: the accepted signature on the pad or the screen, nothing when canceled or aborted', async () => {
    const { core: lane, seen } = core();
    await until(() => lane.devices.list('signature-pad')[0]?.status === 'connected');
    // On the pad: resolved with the signature as soon as it is accepted, handed over once.
    const onPad = lane.signature.capture({ signal: new AbortController().signal });
    expect(lane.signature.session()).toMatchObject({ state: 'capturing', source: 'pad' });
    ok(await lane.dispatch('signature.replay', { name: 'neat-name' }));
    const accepted = ok(await lane.dispatch('signature.accept', {})) as SignatureResult;
    const signed = await onPad;
    expect(signed?.length).toBe(accepted.length);
    expect(lane.signature.session().state).toBe('idle');
    expect(lane.signature.take()).toBeUndefined();
    // On the screen: submitted strokes.
    const onScreen = lane.signature.capture({ signal: new AbortController().signal, skippable: true });
    expect(lane.signature.session()).toMatchObject({ state: 'capturing', skippable: true });
    ok(await lane.dispatch('signature.begin', { source: 'screen' }));
    // A capture begun over the one waited on ends that one without a signature.
    await expect(onScreen).resolves.toBeUndefined();
    // Canceled on the screen, and aborted by the sale.
    const canceled = lane.signature.capture({ signal: new AbortController().signal });
    ok(await lane.dispatch('signature.cancel', {}));
    await expect(canceled).resolves.toBeUndefined();
    const abort = new AbortController();
    const aborted = lane.signature.capture({ signal: abort.signal });
    abort.abort();
    await expect(aborted).resolves.toBeUndefined();
    expect(lane.signature.session().state).toBe('idle');
    expect(
      seen
        .filter((event) => event.name === 'signature.session')
        .map((event) => (event.payload as SignatureSession).state),
    ).toEqual(['capturing', 'accepted', 'idle', 'capturing', 'capturing', 'capturing', 'idle', 'capturing', 'idle']);
  });

  it('capture(signal) resolves when the screen signs while the capture is being announced', async () => {
    const { core: lane } = core({ signature: screenCapture });
    const stop = lane.events.subscribe((name, payload) => {
      if (name === 'signature.session' && (payload as SignatureSession).state === 'capturing')
        lane.signature.submit(drawn);
    });
    const signed = await lane.signature.capture({ signal: new AbortController().signal });
    stop();
    expect(decodeSignature(signed!.value)).toMatchObject({ width: 576, height: 160 });
    expect(lane.signature.session().state).toBe('idle');
  });

  it('refuses strokes that are not a signature, naming what is wrong', async () => {
    const { core: lane } = core({ signature: { ...screenCapture, canvasWidth: 384, canvasHeight: 128, lineWidth: 3 } });
    ok(await lane.dispatch('signature.begin', {}));
    expect(await lane.dispatch('signature.submit', { signature: { ...drawn, strokes: [] } })).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_argument',
        field: 'signature.strokes',
        message: expect.stringMatching(/nothing was signed/),
      },
    });
    expect(
      await lane.dispatch('signature.submit', { signature: { ...drawn, strokes: [[{ x: 900, y: 10 }]] } }),
    ).toMatchObject({
      ok: false,
      error: { code: 'invalid_argument', message: expect.stringMatching(/outside the 800 x 260 surface/) },
    });
    expect(await lane.dispatch('signature.submit', { signature: { ...drawn, width: -1 } })).toMatchObject({
      ok: false,
      error: { code: 'invalid_argument', field: 'signature.width' },
    });
    expect(lane.signature.session().state).toBe('capturing');
  });

  it('explains what cannot be done', async () => {
    const { core: lane } = core();
    expect(await lane.dispatch('signature.accept', {})).toMatchObject({
      ok: false,
      error: { code: 'failed_precondition' },
    });
    expect(await lane.dispatch('signature.submit', { signature: drawn })).toMatchObject({
      ok: false,
      error: { message: 'No on-screen signature is being captured.' },
    });
    expect(await lane.dispatch('signature.replay', { name: 'neat-name' })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/Start a signature on the training pad/) },
    });
    expect(await lane.dispatch('signature.begin', { source: 'pad', deviceId: 'nope' })).toMatchObject({
      ok: false,
      error: { code: 'failed_precondition', field: 'deviceId' },
    });
    await until(() => lane.devices.list('signature-pad')[0]?.status === 'connected');
    ok(await lane.dispatch('signature.begin', { source: 'pad' }));
    expect(await lane.dispatch('signature.replay', { name: 'nobody' })).toMatchObject({
      ok: false,
      error: { field: 'name', message: expect.stringMatching(/neat-name/) },
    });

    const { core: live } = core({ training: false, gateway: { url: 'https://gateway.example/rest', termid: '' } });
    expect(live.devices.list('signature-pad')).toEqual([]);
    expect(ok(await live.dispatch('signature.begin', {}))).toMatchObject({ source: 'screen' });
    expect(await live.dispatch('signature.begin', { source: 'pad' })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/No signature pad is configured/) },
    });
    expect(await live.dispatch('signature.recorded', {})).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });
});

describe('a serial ISDV4 pad on a lane', () => {
  const serial = serialLinks();
  it('is opened from settings on a real pseudo-terminal and captures what the emulated pad signs', async () => {
    const { EmulatedIsdv4Pad } = await import('../../../../src-main/stand-ins/devices/isdv4-pad');
    const { pair, device } = await serial.deviceEnd({ baudRate: 38_400 });
    const peer = new EmulatedIsdv4Pad(device);
    const lane = createCore({
      training: laneTraining,
      settings: liveDeviceSettings({
        signaturePads: [
          {
            id: 'pad',
            protocol: 'isdv4',
            serial: { path: pair.host },
            buttons: { accept: { x: 9500, y: 2700, width: 500, height: 300 } },
          },
        ],
      }),
      shell: 'browser',
      logger: collectingLogger().logger,
    });
    try {
      await until(() => lane.devices.list('signature-pad')[0]?.status === 'connected');
      expect(lane.devices.list('signature-pad')[0]).toMatchObject({
        id: 'pad',
        transport: 'serial',
        name: 'Signature pad (serial)',
      });
      expect(ok(await lane.dispatch('signature.begin', {}))).toMatchObject({
        source: 'pad',
        extent: { width: 10_000, height: 3_000 },
        emulated: false,
      });
      await until(() => peer.sampling);
      await peer.sign(signatures.get('name-with-underline')!, { speed: 0 });
      // The signer taps the pad's accept button: read after the whole signature, over serial.
      await peer.tap(9800, 2900);
      await until(() => lane.signature.session().state === 'accepted');
      const result = lane.signature.session().result!;
      expect(result.length).toBeLessThanOrEqual(6144);
      expect(decodeSignature(lane.signature.take()!.value).ink.some(Boolean)).toBe(true);
      expect(await lane.dispatch('signature.replay', { name: 'neat-name' })).toMatchObject({
        ok: false,
        error: { code: 'forbidden' },
      });
    } finally {
      await lane.close();
    }
  });
});
