/** The receipt printers: a test page, held jobs after a printer problem, training's last page. */
import { z } from 'zod';
import { command } from './spec';

export const printerCommands = {
  'printers.testPrint': command<{ readonly printed: true }>()(
    'Prints a test page (somebody signed in); fails with what to do when the printer needs attention (the page is kept and prints on resume).',
    z.object({ deviceId: z.string().max(32).optional() }).strict(),
  ),
  'printers.resume': command<{ readonly held: number }>()(
    'The operator loaded paper, closed the cover or turned the printer on: held jobs print now.',
    z.object({ deviceId: z.string().max(32).optional() }).strict(),
  ),
  'printers.discardHeld': command<{ readonly discarded: number }>()(
    'Gives up the jobs held for a printer problem.',
    z.object({ deviceId: z.string().max(32).optional() }).strict(),
  ),
  'printers.lastPage': command<{ readonly png: string | null; readonly lines: readonly string[] }>()(
    'Training: the last page the emulated printer printed from the bytes it received, as a PNG data URL and its text; `back` pages before it (1: the merchant copy a sale printed before the customer\u2019s).',
    z.object({ deviceId: z.string().max(32).optional(), back: z.number().int().min(0).max(20).default(0) }).strict(),
  ),
} as const;
