import { SignaturePadError, type SignatureStrokes } from '../../../drivers/signature-pad/types';
import type { Settings } from '../config/settings';
import { configuredDevice } from '../devices/configured';
import type { SignaturePadDevice } from '../devices/signature-pads';
import type { TrainingDevices } from '../devices/training-devices';
import type { DeviceManager } from '../devices/manager';
import type { DeviceRegistry } from '../devices/registry';
import type { SignatureResult, SignatureSession, SignatureSource } from '../ipc/contract';
import { LaneError } from '../errors';
import type { EventHub } from '../ipc/event-hub';
import { idleSignature } from '../ipc/signature-session';
import type { Logger } from '../../platform/log/logger';
import { bitmapToPng, decodeSignature, encodeSignature, type EncodedSignature } from './codec';

/**
 * The one signature capture of a lane, on a pad or on the screen, over the contract. It turns
 * strokes into the gateway's string (with the lane's canvas settings) as soon as they are
 * accepted and keeps it for the authorization (`take`). The screens get the session, live pad
 * ink, and a preview decoded back from the very string that will be sent.
 */
export interface SignatureService {
  session(): SignatureSession;
  /** `skippable`: a sale waits on this capture and the store lets a cashier skip it (the screens show the choice). */
  begin(args: {
    source?: SignatureSource | undefined;
    deviceId?: string | undefined;
    skippable?: boolean;
  }): SignatureSession;
  clear(): SignatureSession;
  accept(): Promise<SignatureResult>;
  submit(signature: SignatureStrokes): SignatureResult;
  cancel(): { canceled: boolean };
  /** Training: the recorded signatures the training pad can sign. */
  recorded(): string[];
  replay(name: string): Promise<{ signed: true }>;
  /** The accepted signature's gateway string, handed over once; the session goes back to idle. */
  take(): EncodedSignature | undefined;
  /**
   * Begins a capture and resolves when it ends: with the accepted signature (taken, the session
   * back to idle), or undefined when it ended without one (canceled on the screen or the pad, the
   * pad gone, another capture begun, or `signal` aborted, which cancels it). Throws as `begin` does.
   */
  capture(args: { signal: AbortSignal; skippable?: boolean }): Promise<EncodedSignature | undefined>;
  close(): void;
}

export interface SignatureServiceOptions {
  readonly manager: DeviceManager;
  readonly registry: DeviceRegistry;
  readonly settings: Pick<Settings, 'signature' | 'training' | 'mode'>;
  readonly events: EventHub;
  readonly logger: Logger;
  readonly assetsDir: string;
  /** Training's recorded signatures come from here (the training wiring's); absent: there are none. */
  readonly trainingDevices?: Pick<TrainingDevices, 'recordedSignatures'>;
}

export function createSignatureService(options: SignatureServiceOptions): SignatureService {
  const { manager, registry, events, logger } = options;
  const { canvasWidth, canvasHeight, lineWidth } = options.settings.signature;
  let session: SignatureSession = idleSignature;
  let accepted: EncodedSignature | undefined;
  /** The pad capture in progress: its device, its abort, and the listeners to take off. */
  let running:
    | {
        device: SignaturePadDevice;
        abort: AbortController;
        done: Promise<void>;
        detach: () => void;
        replay?: AbortController;
        result?: SignatureResult;
      }
    | undefined;
  let recordings: ReadonlyMap<string, SignatureStrokes> | undefined;

  /** The sale waiting on the capture in progress: told once, when it is accepted or ends without a signature. */
  let waiting: ((ended: 'accepted' | 'idle') => void) | undefined;

  const publish = (next: SignatureSession) => {
    session = next;
    events.emit('signature.session', next);
    if (waiting && (next.state === 'accepted' || next.state === 'idle')) {
      const tell = waiting;
      waiting = undefined;
      tell(next.state);
    }
    return next;
  };

  const encode = (strokes: SignatureStrokes): SignatureResult => {
    const encoded = encodeSignature(strokes, { width: canvasWidth, height: canvasHeight, lineWidth });
    accepted = encoded;
    const png = bitmapToPng(decodeSignature(encoded.value));
    return {
      length: encoded.length,
      width: encoded.width,
      height: encoded.height,
      lineWidth: encoded.lineWidth,
      reduced: encoded.reduced,
      png: `data:image/png;base64,${png.toString('base64')}`,
    };
  };

  const stopPad = () => {
    const current = running;
    running = undefined;
    if (!current) return;
    current.replay?.abort();
    current.abort.abort();
    current.detach();
  };

  const connected = (id: string) =>
    registry.list('signature-pad').find((device) => device.id === id)?.status === 'connected';

  const chooseSource = (requested: SignatureSource | undefined): SignatureSource => {
    if (requested) return requested;
    const setting = options.settings.signature.capture;
    if (setting !== 'auto') return setting;
    // A kiosk's customer signs with a finger on the screen in front of them (the README says
    // so): a pad beside it is used there only when the store chose `pad`.
    if (options.settings.mode === 'kiosk') return 'screen';
    const pad = manager.signaturePad();
    return pad && connected(pad.setting.id) ? 'pad' : 'screen';
  };

  const beginPad = (deviceId: string | undefined, skippable: { skippable?: true }): SignatureSession => {
    const device = configuredDevice(
      manager.signaturePad(deviceId),
      deviceId,
      'signature pad',
      'sign on the screen, or add a pad under Devices in the settings.',
    );
    const { pad } = device;
    if (!connected(device.setting.id) || !pad.extent) {
      throw new LaneError('refused', `${device.name} is not connected: check its cable, or sign on the screen.`);
    }
    const abort = new AbortController();
    const onInk = (stroke: number, points: readonly { x: number; y: number }[]) =>
      events.emit('signature.ink', { stroke, points });
    const onCleared = () => events.emit('signature.cleared', {});
    pad.on('ink', onInk);
    pad.on('cleared', onCleared);
    const detach = () => {
      pad.off('ink', onInk);
      pad.off('cleared', onCleared);
    };
    const capture = pad.capture({ signal: abort.signal });
    const done = capture.then(
      (strokes) => {
        if (running?.abort !== abort) return;
        const result = encode(strokes);
        // Kept for `accept`: a sale waiting on the capture takes the signature at once.
        running.result = result;
        stopPad();
        publish({ ...session, state: 'accepted', result });
      },
      (error: unknown) => {
        if (running?.abort !== abort) return;
        stopPad();
        if (!(error instanceof SignaturePadError && error.kind === 'canceled'))
          logger.warn({ device: device.setting.id, err: error }, 'signature capture ended');
        publish(idleSignature);
      },
    );
    running = { device, abort, done, detach };
    const { width, height } = pad.extent;
    return publish({
      state: 'capturing',
      source: 'pad',
      deviceId: device.setting.id,
      extent: { width, height },
      emulated: device.emulated !== undefined,
      result: null,
      ...skippable,
    });
  };

  const begin: SignatureService['begin'] = ({ source, deviceId, skippable }) => {
    // A capture begun over one a sale waits on ends that one without a signature.
    waiting?.('idle');
    waiting = undefined;
    stopPad();
    accepted = undefined;
    const chosen = chooseSource(source);
    const skip = skippable ? { skippable: true as const } : {};
    if (chosen === 'pad') return beginPad(deviceId, skip);
    return publish({
      state: 'capturing',
      source: 'screen',
      deviceId: null,
      extent: null,
      emulated: false,
      result: null,
      ...skip,
    });
  };

  const take = (): EncodedSignature | undefined => {
    const value = accepted;
    accepted = undefined;
    if (session.state !== 'idle') publish(idleSignature);
    return value;
  };

  const cancel = () => {
    const canceled = session.state === 'capturing';
    stopPad();
    if (session.state !== 'idle') {
      accepted = undefined;
      publish(idleSignature);
    }
    return { canceled };
  };

  /** Training's recorded signatures, read once. */
  const recorded = () => {
    if (!options.settings.training || !options.trainingDevices)
      throw new LaneError('forbidden', 'Recorded signatures are for training mode only.');
    recordings ??= options.trainingDevices.recordedSignatures(options.assetsDir);
    return recordings;
  };

  return {
    session: () => session,
    begin,
    capture({ signal, skippable }) {
      begin({ skippable: skippable === true });
      // Ended while `begin` published (a cashier's skip, or a screen that signs on the event): it has ended already.
      if (session.state === 'idle') return Promise.resolve(undefined);
      if (session.state === 'accepted') return Promise.resolve(take());
      return new Promise((resolve) => {
        const onAbort = () => cancel();
        waiting = (ended) => {
          signal.removeEventListener('abort', onAbort);
          resolve(ended === 'accepted' ? take() : undefined);
        };
        if (signal.aborted) onAbort();
        else signal.addEventListener('abort', onAbort, { once: true });
      });
    },
    clear() {
      if (session.state !== 'capturing') throw new LaneError('refused', 'No signature is being captured.');
      if (running) running.device.pad.clear();
      else events.emit('signature.cleared', {});
      return session;
    },
    async accept() {
      const current = running;
      if (session.state !== 'capturing' || !current)
        throw new LaneError('refused', 'No signature is being captured on a pad.');
      try {
        current.device.pad.accept();
      } catch (error) {
        if (error instanceof SignaturePadError && error.kind === 'empty')
          throw new LaneError('refused', 'Nothing has been signed yet: ask the customer to sign on the pad.');
        throw error;
      }
      await current.done;
      // The capture's own handler has encoded the strokes by now (and a waiting sale has taken them).
      if (!current.result)
        throw new LaneError('refused', 'The signature could not be accepted: ask the customer to sign again.');
      return current.result;
    },
    submit(signature) {
      if (session.state !== 'capturing' || session.source !== 'screen')
        throw new LaneError('refused', 'No on-screen signature is being captured.');
      const result = encode(signature);
      return publish({ ...session, state: 'accepted', result }).result ?? result;
    },
    cancel,
    recorded() {
      return [...recorded().keys()];
    },
    async replay(name) {
      const recordings = recorded();
      const signature = recordings.get(name);
      if (!signature)
        throw new LaneError(
          'invalid',
          `No recorded signature "${name}"; there are ${[...recordings.keys()].join(', ')}.`,
          'name',
        );
      const current = running;
      const emulated = current?.device.emulated;
      if (!current || !emulated) throw new LaneError('refused', 'Start a signature on the training pad first.');
      current.replay?.abort();
      const replay = new AbortController();
      current.replay = replay;
      await emulated.sign(signature, { speed: 1, signal: replay.signal });
      return { signed: true };
    },
    take,
    close: stopPad,
  };
}
