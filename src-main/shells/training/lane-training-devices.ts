import { toHidReports } from '../../../drivers/card-reader/idtech-hid';
import type { TrainingDevices } from '../../lane/devices/training-devices';
import { LaneError } from '../../lane/errors';
import { EmulatedEncryptingReader } from '../../stand-ins/devices/encrypting-reader';
import { EmulatedDigitizerPad } from '../../stand-ins/devices/hid-digitizer-pad';
import { EmulatedIsdv4Pad } from '../../stand-ins/devices/isdv4-pad';
import { readerKeystrokes } from '../../stand-ins/devices/keyboard';
import { EmulatedReceiptPrinter } from '../../stand-ins/devices/receipt-printer-peer';
import { loadSignatures } from '../../stand-ins/devices/signature-replay';
import { loadTestCards, type TestCard } from '../../stand-ins/devices/test-cards';

/**
 * Training's emulated devices, from the stand-ins: the reader that presents the deck's cards, the
 * pads that sign recorded signatures, the printer whose pages the screen shows. The lane builds
 * its real protocol code on its end of each link; these are the peers on the far end.
 */
export function trainingDevices(): TrainingDevices {
  // The deck read once per folder: the emulated reader presents the very cards the panel listed.
  const decks = new Map<string, TestCard[]>();
  const deck = (assetsDir: string) => {
    let cards = decks.get(assetsDir);
    if (!cards) decks.set(assetsDir, (cards = loadTestCards(assetsDir)));
    return cards;
  };
  /** The deck's own card for a card the lane names (the reader needs more of it than the panel shows). */
  const deckCard = (id: string): TestCard => {
    for (const cards of decks.values()) {
      const card = cards.find((candidate) => candidate.id === id);
      if (card) return card;
    }
    throw new LaneError('invalid', `No test card "${id}" in training's card deck.`, 'cardId');
  };
  // Set to show the service code, so the chip-first rule applies to its encrypted swipes.
  const encryptingReader = () =>
    new EmulatedEncryptingReader({ serialNumber: 'LPTRAIN001', clearExpiryAndServiceCode: true });

  return {
    keyboardReader(wedge, clock) {
      const device = encryptingReader();
      return {
        async present(card, method, amountMinor) {
          const emulatedCard = deckCard(card.id);
          const output =
            method === 'swipe'
              ? device.swipe(emulatedCard)
              : device.chip(emulatedCard, amountMinor, method === 'tap' ? 'contactless' : 'chip');
          for (const stroke of readerKeystrokes(output, clock.monotonic())) wedge.feed(stroke);
        },
      };
    },
    hidReader(peer) {
      const device = encryptingReader();
      return {
        async present(card, method, amountMinor) {
          const emulatedCard = deckCard(card.id);
          if (!peer.isOpen) await peer.open();
          const reports =
            method === 'swipe'
              ? toHidReports(device.swipeBinary(emulatedCard), { envelope: false })
              : toHidReports(device.chipRecord(emulatedCard, amountMinor, method === 'tap' ? 'contactless' : 'chip'));
          for (const report of reports) await peer.write(report);
        },
      };
    },
    isdv4Pad: (device) => new EmulatedIsdv4Pad(device),
    digitizerPad: (device) => new EmulatedDigitizerPad(device),
    printer(profile, device, drawer) {
      const printer = new EmulatedReceiptPrinter({ ...profile, ...(drawer ? { drawer } : {}) });
      printer.attach(device);
      return printer;
    },
    testCards: deck,
    recordedSignatures: (assetsDir) => loadSignatures(`${assetsDir}/signatures`),
  };
}
