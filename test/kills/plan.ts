import { FuzzRandom } from '../fuzz/mutator';
import { drawnSignature } from '../support/strokes';

/** A seeded source of every random choice a run makes, so `LANEPOINT_KILLS_SEED` replays it. */
export { FuzzRandom as KillsRandom };

/** A card of the training deck and how it meets the reader. */
export interface CardChoice {
  readonly cardId: string;
  readonly method: 'insert' | 'tap' | 'swipe';
  /** What the test expects the gateway to do with it, for the report. */
  readonly kind: 'approve' | 'decline' | 'partial' | 'signature';
}

/** One card of the deck meeting the reader in each of `methods`, expecting `kind`. */
const ways = (kind: CardChoice['kind'], cardId: string, ...methods: CardChoice['method'][]): CardChoice[] =>
  methods.map((method) => ({ cardId, method, kind }));

// Chip cards are inserted or tapped (the reader refuses a chip card's swipe: chip first);
// Diners is stripe only, so its swipe asks for a signature at any amount. The order of each
// list is part of a seed's replay: a new card goes at the end.
const approvals: readonly CardChoice[] = [
  ...ways('approve', 'visa-approve', 'insert', 'tap'),
  ...ways('approve', 'mastercard-approve', 'insert', 'tap'),
  ...ways('approve', 'amex-approve', 'tap'),
  ...ways('approve', 'discover-approve', 'insert'),
  ...ways('approve', 'jcb-approve', 'insert'),
];
const declines: readonly CardChoice[] = [
  ...ways('decline', 'visa-decline', 'insert'),
  ...ways('decline', 'visa-do-not-honor', 'insert'),
  ...ways('decline', 'mastercard-decline', 'tap'),
];
const signatures: readonly CardChoice[] = [
  ...ways('signature', 'diners-approve', 'swipe'),
  ...ways('signature', 'visa-signature', 'insert'),
  ...ways('signature', 'mastercard-signature', 'insert'),
];
const partial: CardChoice = { cardId: 'visa-partial', method: 'insert', kind: 'partial' };

/** The partial-approval card approves 5.00 of a sale of 6.00 or more (FACTS.md). */
export const partialFromMinor = 600;

/**
 * A customer's amount: small ones below every network's signature threshold, large ones above
 * (25.00 Visa, 50.00 the others), all below the 1,000.00 confirmation and the gateway's
 * amount-driven response codes.
 */
export function drawAmount(random: FuzzRandom): number {
  return random.below(2) === 0 ? 100 + random.below(2400) : 2500 + random.below(7500);
}

/** The card for the next payment: what is still owed after a partial approval is paid by an approving card. */
export function drawCard(random: FuzzRandom, amountMinor: number, restOfPartial: boolean): CardChoice {
  if (restOfPartial) return random.pick(approvals);
  const roll = random.below(100);
  if (roll < 50) return random.pick(approvals);
  if (roll < 65) return random.pick(declines);
  if (roll < 80 && amountMinor >= partialFromMinor) return partial;
  return random.pick(signatures);
}

/** A hold the emulator puts on the next authorization, so kills land while the gateway works. */
export interface GatewayHold {
  /** `delay`: before it processes; `delay-after`: processed, the answer held; `none`: at once. */
  readonly kind: 'none' | 'delay' | 'delay-after';
  readonly ms: number;
}

export function drawHold(random: FuzzRandom): GatewayHold {
  const roll = random.below(100);
  if (roll < 30) return { kind: 'none', ms: 0 };
  return { kind: roll < 65 ? 'delay' : 'delay-after', ms: 50 + random.below(350) };
}

/**
 * When the kill comes: most often counted from the moment the lane says it is authorizing, so it
 * lands in the dangerous window (before the request, while the gateway holds it, between the
 * answer and the journal, during printing); otherwise from the moment the sale is asked for, so
 * the card wait, the signature and the next sale are hit too.
 */
export interface KillMoment {
  readonly from: 'authorizing' | 'sale';
  readonly afterMs: number;
}

export function drawKillMoment(random: FuzzRandom, hold: GatewayHold): KillMoment {
  return random.below(100) < 65
    ? { from: 'authorizing', afterMs: random.below(hold.ms + 200) }
    : { from: 'sale', afterMs: random.below(2500) };
}

/** A signature as the screen's drawing area sends it: one stroke across the box. */
export const screenSignature = drawnSignature(300, 100, '12,60 60,22 110,78 170,30 230,70 285,40');

/** Offline store-and-forward kills (issue 33): chip and contactless only, as the lane stores them. */
const offlineCards: readonly CardChoice[] = [...approvals, ...declines];

/** A card the lane would store while offline: approvals mostly, some the issuer declines when forwarded. */
export function drawOfflineCard(random: FuzzRandom): CardChoice {
  return random.pick(offlineCards);
}

/** A network outage at the emulator during one kill's cycle. */
export interface Outage {
  /** How long after the cycle starts the network goes down (a sale may be on the wire). */
  readonly startMs: number;
  /** How long it stays down before the emulator listens again by itself. */
  readonly downMs: number;
  /** When not 0: the first authorization after it (a forward, most often) is processed and its answer held this long. */
  readonly holdFirstMs: number;
}

export function drawOutage(random: FuzzRandom): Outage | undefined {
  if (random.below(100) >= 65) return undefined;
  return {
    startMs: random.below(1500),
    downMs: 1000 + random.below(4000),
    holdFirstMs: random.below(2) === 0 ? 100 + random.below(400) : 0,
  };
}

/**
 * When an offline cycle's kill comes: from the sale asked for (the card wait, storing, the
 * signature), from the moment the lane says it is authorizing (storing or sending), or from the
 * network's return, the counter quiet so the forwarder runs (forwarding, between a forward's
 * answer and its row's completion).
 */
export interface OfflineKillMoment {
  readonly from: 'sale' | 'authorizing' | 'network-back';
  readonly afterMs: number;
}

export function drawOfflineKillMoment(random: FuzzRandom, outage: Outage | undefined): OfflineKillMoment {
  const roll = random.below(100);
  if (outage && roll < 50) return { from: 'network-back', afterMs: random.below(outage.holdFirstMs + 150) };
  return roll % 2 === 0
    ? { from: 'authorizing', afterMs: random.below(300) }
    : { from: 'sale', afterMs: random.below(3000) };
}
