import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEmbedded, type HubDatabase } from '../../src-main/hub/database';

/**
 * The embedded engine's first start runs initdb in WebAssembly: 3 s on a quiet two-core machine,
 * over 10 s on a loaded one. The unit suite's global setup does it once
 * (`makePgliteTemplate`), migrations included, and names the closed folder to the workers in
 * LANEPOINT_HUB_TEST_PGLITE_TEMPLATE; each test database is then a copy of it, which
 * `openEmbedded` opens as an existing hub's database (and migrates, a no-op). Outside the suite's
 * setup a test database is created from nothing, as a store's first `lanepoint hub` creates it.
 */
export async function makePgliteTemplate(): Promise<string> {
  const folder = join(mkdtempSync(join(tmpdir(), 'hub-pglite-template-')), 'db');
  await (await openEmbedded(folder)).close();
  return folder;
}

/** A fresh embedded hub database in a folder of its own (see makePgliteTemplate). */
export function openFreshEmbedded(): Promise<HubDatabase> {
  const folder = join(mkdtempSync(join(tmpdir(), 'hub-pglite-')), 'db');
  const template = process.env['LANEPOINT_HUB_TEST_PGLITE_TEMPLATE'];
  if (template) cpSync(template, folder, { recursive: true });
  return openEmbedded(folder);
}
