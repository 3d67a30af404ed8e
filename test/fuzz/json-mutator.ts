import { type FuzzRandom } from './mutator';

/**
 * Structure-aware mutations for JSON inputs (gateway answers, bridge frames, settings files):
 * byte mutations mostly make JSON that does not parse, which only tests JSON.parse. These keep
 * the document valid and put hostile values where the schemas look: wrong types, boundary
 * numbers, long strings, prototype keys, deep nesting.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const nastyStrings = [
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  'NaN',
  '12.345',
  '99999999999999999999',
  '__proto__',
  'constructor',
  'A',
  'Y',
  'N',
  '\u0000',
  '\ud800',
  'x'.repeat(5000),
  '{"a":1}',
  '[]',
  'null',
  '0x1F',
  '１２',
];
const nastyNumbers = [
  0,
  -0,
  1,
  -1,
  0.5,
  1e21,
  -1e21,
  2 ** 53,
  2 ** 53 + 2,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  65535,
  65536,
  4294967296,
  -2147483649,
];
const nastyKeys = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'type',
  'id',
  'name',
  'args',
  'amount',
  'respstat',
  'mode',
  'gateway',
  '',
];

const deepMarker = '@@deep:';
const deepPattern = /"@@deep:(\d+):(array|object)"/g;
const nested = (depth: number, kind: string) =>
  kind === 'array' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

function nastyValue(random: FuzzRandom, depth = 0): Json {
  switch (random.below(depth > 2 ? 5 : 8)) {
    case 0:
      return null;
    case 1:
      return random.below(2) === 0;
    case 2:
      return random.pick(nastyNumbers);
    case 3:
      return random.pick(nastyStrings);
    case 4:
      return String.fromCharCode(...Array.from({ length: random.below(20) }, () => random.below(0x3000)));
    case 5:
      return Array.from({ length: random.below(4) }, () => nastyValue(random, depth + 1));
    case 6:
      return Object.fromEntries(
        Array.from({ length: random.below(4) }, () => [random.pick(nastyKeys), nastyValue(random, depth + 1)]),
      );
    default: {
      // Deep nesting: what recursive validators and printers overflow on.
      // A marker here; the nesting is written into the text after stringify, which would overflow on it.
      return `${deepMarker}${random.pick([64, 1000, 20_000])}:${random.pick(['array', 'object'])}`;
    }
  }
}

/** Every container in the document, so a mutation can land anywhere in it. */
function containers(
  value: Json,
  out: (Json[] | { [key: string]: Json })[] = [],
  depth = 0,
): (Json[] | { [key: string]: Json })[] {
  if (value === null || typeof value !== 'object' || depth > 32) return out;
  out.push(value);
  for (const child of Object.values(value)) containers(child, out, depth + 1);
  return out;
}

/**
 * A mutated copy of a JSON sample as UTF-8 bytes, or undefined when the sample is not JSON (the
 * byte mutator then takes over).
 */
export function mutateJson(sample: Uint8Array, random: FuzzRandom): Uint8Array | undefined {
  let document: Json;
  try {
    document = JSON.parse(Buffer.from(sample).toString('utf8')) as Json;
  } catch {
    return undefined;
  }
  const rounds = 1 + random.below(3);
  for (let i = 0; i < rounds; i++) {
    const places = containers(document);
    if (places.length === 0 || random.below(16) === 0) {
      document = nastyValue(random);
      continue;
    }
    const place = random.pick(places);
    if (Array.isArray(place)) {
      if (place.length > 0 && random.below(3) === 0) place.splice(random.below(place.length), 1);
      else place[random.below(place.length + 1)] = nastyValue(random);
      continue;
    }
    const keys = Object.keys(place);
    const choice = random.below(4);
    if (choice === 0 && keys.length > 0) delete place[random.pick(keys)];
    else if (choice === 1 || keys.length === 0)
      Object.defineProperty(place, random.pick(nastyKeys), {
        value: nastyValue(random),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else place[random.pick(keys)] = nastyValue(random);
  }
  const text = (JSON.stringify(document) ?? 'null').replace(deepPattern, (_match, depth: string, kind: string) =>
    nested(Number(depth), kind),
  );
  return Uint8Array.from(Buffer.from(text, 'utf8'));
}
