/** Training's built-in gateway: a lost answer on purpose, the network down or DNS failing for a while, a fresh practice day, the overnight batch close, the emulated phone. */
import { z } from 'zod';
import { managerPin, noArgs } from './schemas';
import { command } from './spec';

/** How long a training network fault lasts. */
const faultSeconds = z.number().int().min(1).max(600);

export const trainingCommands = {
  'training.loseNextAnswer': command<{ readonly armed: true }>()(
    'Training: the built-in gateway processes the next authorization but its answer is lost on the way back, so the lane\u2019s recovery runs.',
    noArgs,
  ),
  'training.networkDown': command<{ readonly seconds: number }>()(
    'Training: the built-in gateway goes off the network for `seconds` (1 to 600): every connection is refused and the open ones are cut, then it is back by itself. What offline payments are practised on.',
    z.object({ seconds: faultSeconds }).strict(),
  ),
  'training.failDns': command<{ readonly seconds: number }>()(
    'Training: for `seconds` (1 to 600) the lane\u2019s gateway host does not resolve (a DNS failure); then it does again.',
    z.object({ seconds: faultSeconds }).strict(),
  ),
  'training.networkBack': command<{ readonly back: true }>()(
    'Training: the network and DNS faults end now (the built-in gateway listens again and its host resolves), as the trainer brings the network back before their time is up.',
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
