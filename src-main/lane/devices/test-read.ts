import type { Clock } from '../../platform/clock';
import { maskCardNumber } from '../../../drivers/card-reader/card-read';
import { CardReaderError } from '../../../drivers/card-reader/errors';
import { readCard } from '../../../drivers/card-reader/read-card';
import { describeCardRead, type CardRead } from '../../../drivers/card-reader/types';
import type { CardSummary, TestCardInfo } from '../ipc/contract';
import { LaneError } from '../errors';
import { configuredDevice } from './configured';
import type { DeviceManager } from './manager';
import type { DeckCard, PresentMethod, TrainingDevices } from './training-devices';

/** A CardRead as the contract may carry it: no track, no clear number. */
export function cardSummary(read: CardRead): CardSummary {
  const summary = describeCardRead(read);
  return {
    entryMode: summary.entryMode,
    maskedPan: summary.maskedPan,
    lastFour: summary.lastFour,
    network: summary.network,
    name: summary.name,
    expiry: summary.expiry,
    cvm: summary.cvm?.method ?? null,
    aid: summary.aid,
    applicationLabel: summary.applicationLabel,
    encrypted: summary.encrypted,
  };
}

export interface TestReadService {
  readCard(args: { deviceId?: string | undefined; timeoutSeconds: number }): Promise<CardSummary>;
  cancelRead(args: { deviceId?: string | undefined }): { canceled: boolean };
  testCards(): TestCardInfo[];
  presentTestCard(args: {
    cardId: string;
    method: PresentMethod;
    amountMinor?: number | undefined;
    deviceId?: string | undefined;
  }): Promise<{ presented: true }>;
}

/** The test read (the devices screen reads a card without a sale) and training's card deck (a test card presented at the emulated reader), over the device manager. */
export function createTestReadService(options: {
  manager: DeviceManager;
  training: boolean;
  assetsDir: string;
  /** Training's card deck comes from here (the training wiring's); absent: there is no deck. */
  trainingDevices?: Pick<TrainingDevices, 'testCards'>;
  /** Where a read's deadline is measured: the lane's clock. */
  clock: Pick<Clock, 'monotonic'>;
}): TestReadService {
  const { manager } = options;
  const reads = new Map<string, AbortController>();
  let deck: readonly DeckCard[] | undefined;

  const deviceFor = (deviceId: string | undefined) =>
    configuredDevice(manager.cardReader(deviceId), deviceId, 'card reader', 'add one under Devices in the settings.');
  const trainingOnly = () => {
    if (!options.training || !options.trainingDevices)
      throw new LaneError('forbidden', 'The card deck is for training mode only.');
    deck ??= options.trainingDevices.testCards(options.assetsDir);
    return deck;
  };

  return {
    async readCard({ deviceId, timeoutSeconds }) {
      const device = deviceFor(deviceId);
      const id = device.setting.id;
      if (reads.has(id)) throw new LaneError('refused', `${device.name} is already reading a card.`);
      const controller = new AbortController();
      reads.set(id, controller);
      try {
        const read = await readCard(device.reader, {
          amountMinor: 0,
          timeoutSeconds,
          signal: controller.signal,
          clock: options.clock,
          chipFailuresBeforeFallback: device.setting.chipFailuresBeforeFallback,
        });
        return cardSummary(read);
      } catch (error) {
        if (error instanceof CardReaderError) {
          const what = {
            canceled: 'The read was canceled.',
            timeout: `No card was presented within ${timeoutSeconds} seconds.`,
            disconnected: `${device.name} was disconnected: check its cable.`,
            malformed: `The card could not be read (${error.message}): try again.`,
          }[error.kind];
          throw new LaneError('refused', what);
        }
        throw error;
      } finally {
        reads.delete(id);
      }
    },
    cancelRead({ deviceId }) {
      const device = deviceFor(deviceId);
      const controller = reads.get(device.setting.id);
      controller?.abort();
      return { canceled: controller !== undefined };
    },
    testCards() {
      return trainingOnly().map((card) => ({
        id: card.id,
        label: card.label,
        network: card.network,
        scenario: card.scenario,
        maskedPan: maskCardNumber(card.pan),
        methods: card.methods,
        amount: card.amount,
        note: card.note,
      }));
    },
    async presentTestCard({ cardId, method, amountMinor, deviceId }) {
      const card = trainingOnly().find((candidate) => candidate.id === cardId);
      if (!card) throw new LaneError('invalid', `No test card "${cardId}" in the deck.`, 'cardId');
      if (!card.methods.includes(method)) {
        throw new LaneError(
          'invalid',
          `${card.label} cannot be presented by ${method}; use ${card.methods.join(' or ')}.`,
          'method',
        );
      }
      const device = deviceFor(deviceId);
      if (!device.emulated)
        throw new LaneError('refused', `${device.name} is a real reader: present a physical card.`, 'deviceId');
      await device.emulated.present(card, method, amountMinor ?? Math.round(Number(card.amount) * 100));
      return { presented: true };
    },
  };
}
