/**
 * The byte mutator every fuzz target shares: a seeded random source (so a run can be repeated
 * from its seed) and the mutations that find parser bugs in practice: bit flips, odd bytes,
 * inserts, deletes, duplicated runs, splices with another sample, and corrupted length fields
 * (a parser that trusts a length is where a crash or a hang usually hides).
 */

/** A small, fast, seeded generator (xorshift32): the same seed gives the same inputs. */
export class FuzzRandom {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0 || 0x9e3779b9;
  }

  /** A 32-bit unsigned value. */
  next(): number {
    let x = this.#state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.#state = x >>> 0;
    return this.#state;
  }

  /** An integer in [0, bound). */
  below(bound: number): number {
    return bound <= 0 ? 0 : this.next() % bound;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.below(items.length)] as T;
  }

  bytes(count: number): Uint8Array {
    const out = new Uint8Array(count);
    for (let i = 0; i < count; i++) out[i] = this.next() & 0xff;
    return out;
  }
}

/** Byte values that sit on boundaries parsers test against (sign bits, sentinels, maxima). */
const interestingBytes = [
  0x00, 0x01, 0x02, 0x03, 0x1f, 0x20, 0x3f, 0x40, 0x7f, 0x80, 0x81, 0x82, 0x83, 0x84, 0xfe, 0xff,
];
/** Values written over a suspected length field, in one or two bytes. */
const interestingLengths = [0, 1, 0x7f, 0x80, 0xff, 0x100, 0x7fff, 0x8000, 0xfffe, 0xffff];
/** Characters that mean something to text parsers (sentinels, separators, hex digits, JSON). */
const interestingText = Array.from('%;?^=0123456789ABCDEFabcdef{}[]":,\\\r\n \u0000', (c) => c.charCodeAt(0));

type Mutation = (input: Uint8Array, random: FuzzRandom, seeds: readonly Uint8Array[]) => Uint8Array;

const withByte = (input: Uint8Array, at: number, value: number) => {
  const out = Uint8Array.from(input);
  out[at] = value;
  return out;
};

const join = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

const mutations: readonly Mutation[] = [
  // Flip one bit.
  (input, random) =>
    input.length === 0
      ? random.bytes(1)
      : withByte(input, random.below(input.length), (input[random.below(input.length)] ?? 0) ^ (1 << random.below(8))),
  // Overwrite a byte with a random or an interesting value.
  (input, random) =>
    input.length === 0
      ? random.bytes(1)
      : withByte(
          input,
          random.below(input.length),
          random.below(2) ? random.next() & 0xff : random.pick(interestingBytes),
        ),
  // Overwrite a byte with a character text parsers care about.
  (input, random) =>
    input.length === 0
      ? Uint8Array.of(random.pick(interestingText))
      : withByte(input, random.below(input.length), random.pick(interestingText)),
  // Insert a few random bytes.
  (input, random) => {
    const at = random.below(input.length + 1);
    return join(input.subarray(0, at), random.bytes(1 + random.below(8)), input.subarray(at));
  },
  // Delete a run.
  (input, random) => {
    if (input.length === 0) return input;
    const at = random.below(input.length);
    return join(input.subarray(0, at), input.subarray(at + 1 + random.below(Math.min(16, input.length - at))));
  },
  // Duplicate a run in place (repeated headers, doubled frames).
  (input, random) => {
    if (input.length === 0) return input;
    const at = random.below(input.length);
    const run = input.subarray(at, at + 1 + random.below(32));
    return join(input.subarray(0, at), run, run, input.subarray(at));
  },
  // Repeat a short run many times (a command sent in a loop: feeds, cuts, nested openers).
  (input, random) => {
    const at = random.below(input.length + 1);
    const run = input.length === 0 ? random.bytes(1 + random.below(4)) : input.subarray(at, at + 1 + random.below(8));
    const times = random.pick([16, 100, 1000, 3000]);
    return join(input.subarray(0, at), ...Array.from({ length: times }, () => run), input.subarray(at));
  },
  // Truncate.
  (input, random) => input.subarray(0, random.below(input.length + 1)),
  // Splice: the head of this input with the tail of another sample.
  (input, random, seeds) => {
    const other = seeds.length > 0 ? random.pick(seeds) : random.bytes(16);
    return join(input.subarray(0, random.below(input.length + 1)), other.subarray(random.below(other.length + 1)));
  },
  // Corrupt a length field: one or two bytes (either byte order) set to a boundary length.
  (input, random) => {
    if (input.length === 0) return input;
    const out = Uint8Array.from(input);
    const at = random.below(out.length);
    const value = random.pick(interestingLengths) + (random.below(3) - 1);
    const form = at + 1 >= out.length ? 0 : random.below(3);
    if (form === 0) out[at] = value & 0xff;
    else if (form === 1) {
      out[at] = (value >> 8) & 0xff;
      out[at + 1] = value & 0xff;
    } else {
      out[at] = value & 0xff;
      out[at + 1] = (value >> 8) & 0xff;
    }
    return out;
  },
];

/**
 * One mutated input: a seed sample (or, now and then, pure random bytes) with one to four
 * stacked mutations, capped at `maxLength` bytes.
 */
export function mutate(seeds: readonly Uint8Array[], random: FuzzRandom, maxLength: number): Uint8Array {
  let input = seeds.length === 0 || random.below(32) === 0 ? random.bytes(random.below(64)) : random.pick(seeds);
  const rounds = 1 + random.below(4);
  for (let i = 0; i < rounds; i++) input = random.pick(mutations)(input, random, seeds);
  return input.length > maxLength ? input.subarray(0, maxLength) : input;
}

/** Hex of an input, for a report a person can paste into a regression test. */
export function toHex(input: Uint8Array): string {
  return Buffer.from(input).toString('hex');
}
