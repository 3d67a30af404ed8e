import { loadTestCards, type TestCard } from '../../src-main/stand-ins/devices/test-cards';

let deck: readonly TestCard[] | undefined;

/**
 * A card of the training deck (assets/test-cards.json) by its id, as the emulated readers
 * present it: the same cards training mode offers, so driver tests need no copies of them.
 */
export function deckCard(id: string): TestCard {
  deck ??= loadTestCards('assets');
  const card = deck.find((candidate) => candidate.id === id);
  if (!card) throw new Error(`no test card "${id}" in assets/test-cards.json`);
  return card;
}
