/** Training's built-in gateway: a lost answer on purpose, a fresh practice day, the overnight batch close, the emulated phone. */
import { z } from 'zod';
import { managerPin, noArgs } from './schemas';
import { command } from './spec';

export const trainingCommands = {
  'training.loseNextAnswer': command<{ readonly armed: true }>()(
    'Training: the built-in gateway processes the next authorization but its answer is lost on the way back, so the lane\u2019s recovery runs.',
    noArgs,
  ),
  'training.reset': command<{ readonly reset: true }>()(
    'Starts training\u2019s built-in gateway afresh: its store (the practice day) is set aside for support and a new one made. A manager\u2019s: a cashier gives `managerPin`.',
    z.object({ managerPin }).strict(),
  ),
  'training.settleBatches': command<{ readonly batches: number }>()(
    'Training: the built-in gateway closes its open batches now, as the processor does overnight, so settled sales can be refunded.',
    noArgs,
  ),
  'training.payOnPhone': command<{ readonly status: number; readonly message: string }>()(
    'Training: the emulated phone pays the pay link the lane shows now (terminal.walletSale waiting), posting over HTTPS what the pay page\u2019s training button posts: a real EC_v1 payload for the amount, signed under training\u2019s root (`fresh-ec-v2`: the other wallet\u2019s ECv2 token, sealed for the tokenizer under training\u2019s root signing key). `expired` signs it three minutes ago; `replayed` posts the last payload again. Answers the pay-link service\u2019s HTTP status and words.',
    z.object({ payload: z.enum(['fresh', 'fresh-ec-v2', 'expired', 'replayed']).default('fresh') }).strict(),
  ),
} as const;
