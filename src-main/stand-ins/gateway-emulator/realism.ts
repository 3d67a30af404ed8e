/**
 * The gateway's test environment answers with fields in random order and extra randomly named
 * fields, objects and arrays of dummy data, so clients must read by name. The emulator does
 * the same by default; `random` is injected so a test can reproduce an answer.
 */
export type Random = () => number;

function shuffle<T>(items: T[], random: Random): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

function dummyName(random: Random): string {
  return `zz${Math.floor(random() * 36 ** 6).toString(36)}`;
}

function dummyValue(random: Random): unknown {
  const pick = Math.floor(random() * 4);
  if (pick === 0) return Math.floor(random() * 36 ** 8).toString(36);
  if (pick === 1) return Math.floor(random() * 100_000);
  if (pick === 2) return { dummy: Math.floor(random() * 1000), note: 'test environment padding' };
  return [Math.floor(random() * 10), 'padding', { dummy: true }];
}

/** Shuffles an object's keys at every level (arrays keep their order). */
function shuffled(value: unknown, random: Random): unknown {
  if (Array.isArray(value)) return value.map((item) => shuffled(item, random));
  if (value === null || typeof value !== 'object') return value;
  const keys = shuffle(Object.keys(value), random);
  const result: Record<string, unknown> = {};
  for (const key of keys) {
    const item = (value as Record<string, unknown>)[key];
    result[key] = item !== null && typeof item === 'object' ? shuffled(item, random) : item;
  }
  return result;
}

function padded(value: Record<string, unknown>, random: Random): Record<string, unknown> {
  const extra = 1 + Math.floor(random() * 4);
  const result: Record<string, unknown> = { ...value };
  for (let i = 0; i < extra; i++) {
    let name = dummyName(random);
    while (name in result) name += 'x';
    result[name] = dummyValue(random);
  }
  return result;
}

/**
 * Shuffles an answer's fields and pads each answer object (the top-level object, or each
 * record of a top-level list) with one to four dummy fields.
 */
export function withTestEnvironmentNoise(body: unknown, random: Random): unknown {
  const pad = (item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? padded(item as Record<string, unknown>, random)
      : item;
  const noisy = Array.isArray(body) ? body.map(pad) : pad(body);
  return shuffled(noisy, random);
}
