import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { luhnValid } from '../../../drivers/card-reader/track';
import type { EmulatedCard } from './encrypting-reader';
import { KindedError } from '../../platform/errors';

export const testCardScenarios = [
  'approve',
  'decline',
  'partial',
  'timeout',
  'signature',
  'pin',
  'contactless',
  'chip-failure',
] as const;
export const presentations = ['insert', 'tap', 'swipe'] as const;
export type Presentation = (typeof presentations)[number];

const testCardSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  label: z.string().min(1),
  network: z.enum(['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb']),
  scenario: z.enum(testCardScenarios),
  pan: z
    .string()
    .regex(/^\d{13,19}$/)
    .refine(luhnValid, 'fails the Luhn check'),
  expiry: z.string().regex(/^(0[1-9]|1[0-2])\d{2}$/, 'must be MMYY'),
  name: z.string().min(2).max(26),
  serviceCode: z.string().regex(/^\d{3}$/),
  cvm: z.enum(['signature', 'pin', 'none']),
  chip: z.enum(['ok', 'fails']),
  methods: z.array(z.enum(presentations)).min(1),
  aid: z.string().regex(/^[0-9A-F]{10,32}$/),
  applicationLabel: z.string().min(1).max(16),
  preferredName: z.string().min(1).max(16),
  cvv: z.string().regex(/^\d{3,4}$/),
  postal: z.string().min(3),
  /** The suggested sale amount for the scenario, e.g. "25.00". */
  amount: z.string().regex(/^\d+\.\d{2}$/),
  /** What the trainee should notice. */
  note: z.string().min(1),
});

export type TestCard = z.infer<typeof testCardSchema> & EmulatedCard;

const deckSchema = z.strictObject({ about: z.string(), cards: z.array(testCardSchema).min(1) });

/** Reads and checks `test-cards.json` from the assets folder. Throws naming the file and the bad entry. */
export function loadTestCards(assetsDir: string): TestCard[] {
  const file = join(assetsDir, 'test-cards.json');
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new KindedError('damaged', `Cannot read the test card deck ${file}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const parsed = deckSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new KindedError(
      'damaged',
      `The test card deck ${file} is invalid at ${issue?.path.join('.') ?? '?'}: ${issue?.message ?? 'unknown'}`,
    );
  }
  const ids = new Set<string>();
  for (const card of parsed.data.cards) {
    if (ids.has(card.id)) throw new KindedError('damaged', `The test card deck ${file} has the id "${card.id}" twice`);
    ids.add(card.id);
  }
  return parsed.data.cards;
}
