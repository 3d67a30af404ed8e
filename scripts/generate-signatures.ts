/**
 * Writes assets/signatures/*.json, the emulated pad's recorded signatures, from the seeded
 * generator in drivers/emulated/signature-generator.ts, so the files are reproducible:
 *   npx tsx scripts/generate-signatures.ts
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateSignature } from '../drivers/emulated/signature-generator';

const signatures = {
  'initials-short': generateSignature(7, [1, 1], 160, 4, false),
  'neat-name': generateSignature(21, [4, 6], 150, 3, false),
  'name-with-underline': generateSignature(42, [5, 7], 130, 6, true),
  'long-messy': generateSignature(1999, [7, 3, 9, 6, 8], 58, 16, true),
};
for (const [name, strokes] of Object.entries(signatures)) {
  writeFileSync(join('assets', 'signatures', `${name}.json`), `${JSON.stringify(strokes)}\n`);
}
