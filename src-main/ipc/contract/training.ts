/** Training's built-in gateway: a lost answer on purpose, a fresh practice day, the overnight batch close. */
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
} as const;
