/** `npm run docs`: writes the references generated from the schemas and the contract (scripts/docs/references.ts). */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { generatedReferences } from './references';

const root = resolve(import.meta.dirname, '..', '..');
for (const { path, text } of await generatedReferences()) {
  mkdirSync(dirname(resolve(root, path)), { recursive: true });
  writeFileSync(resolve(root, path), text);
  console.log(`docs: wrote ${path}`);
}
