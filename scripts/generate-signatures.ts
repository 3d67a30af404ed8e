/**
 * Writes assets/signatures/*.json, the emulated pad's recorded signatures, from the seeded
 * generator in src-main/stand-ins/devices/signature-generator.ts, so the files are reproducible:
 *   npx tsx scripts/generate-signatures.ts
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateSignature } from '../src-main/stand-ins/devices/signature-generator';

const signatures = {
  'initials-short': generateSignature(7, { words: [1, 1], size: 160, messiness: 4, flourish: false }),
  'neat-name': generateSignature(21, { words: [4, 6], size: 150, messiness: 3, flourish: false }),
  'name-with-underline': generateSignature(42, { words: [5, 7], size: 130, messiness: 6, flourish: true }),
  'long-messy': generateSignature(1999, { words: [7, 3, 9, 6, 8], size: 58, messiness: 16, flourish: true }),
};
for (const [name, strokes] of Object.entries(signatures)) {
  writeFileSync(join('assets', 'signatures', `${name}.json`), `${JSON.stringify(strokes)}\n`);
}
