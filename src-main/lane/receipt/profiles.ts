import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { KindedError } from '../../platform/errors';

/**
 * A printer model as data (assets/printers/*.json): its command language, paper width in
 * characters and dots, the code pages its firmware numbers (for accents and currency signs), how
 * it cuts, and whether it answers real-time status requests (DLE EOT).
 */
export const printerProfileSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]{1,40}$/),
    name: z.string().min(1).max(100),
    language: z.enum(['esc-pos', 'star-prnt']),
    columns: z.number().int().min(16).max(80),
    dotsPerLine: z.number().int().min(128).max(1024).multipleOf(8),
    codepages: z.record(z.string(), z.number().int().min(0).max(255)),
    feedBeforeCut: z.number().int().min(0).max(20),
    cut: z.enum(['full', 'partial']),
    realtimeStatus: z.boolean(),
  })
  .strict();
export type PrinterProfile = z.output<typeof printerProfileSchema>;

/** Every profile in `dir`, by id. A file that is not a profile is an error naming the file and field. */
export function loadPrinterProfiles(dir: string): Map<string, PrinterProfile> {
  const profiles = new Map<string, PrinterProfile>();
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const parsed = printerProfileSchema.safeParse(JSON.parse(readFileSync(join(dir, file), 'utf8')));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new KindedError(
        'invalid',
        `${file} is not a printer profile: ${issue?.path.join('.') || '(top)'}: ${issue?.message ?? ''}`,
      );
    }
    profiles.set(parsed.data.id, parsed.data);
  }
  return profiles;
}
