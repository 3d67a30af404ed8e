import { mkdtempSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CompressedCopies, type Copies } from '../../../../src-main/shells/host/compressed-copies';

/** A renderer folder with one script big enough to compress. */
function rendererWithScript(text = 'console.log("a sale");\n'.repeat(200)) {
  const root = mkdtempSync(join(tmpdir(), 'compressed-copies-'));
  const path = join(root, 'index.js');
  writeFileSync(path, text);
  return { root, path, text };
}

describe('CompressedCopies', () => {
  it('makes the brotli and gzip copies once per file version, shared by every host of the process', async () => {
    const { root, path, text } = rendererWithScript();
    const first = new CompressedCopies();
    await first.prepareAll(root);
    const second = new CompressedCopies();
    const info = statSync(path);
    const brotli = await second.body(path, info, 'br');
    expect(brotli).toBe(await first.body(path, info, 'br'));
    expect(brotliDecompressSync(brotli).toString()).toBe(text);
    expect(gunzipSync(await second.body(path, info, 'gzip')).toString()).toBe(text);
  });

  it('makes new copies of a rebuilt file, for every host', async () => {
    const { root, path } = rendererWithScript();
    const kept = new Map<string, Promise<Copies>>();
    await new CompressedCopies(kept).prepareAll(root);
    const before = await kept.get(path)!;
    writeFileSync(path, 'console.log("rebuilt");\n'.repeat(300));
    utimesSync(path, new Date(), new Date(Date.now() + 5_000));
    const info = statSync(path);
    const after = await new CompressedCopies(kept).body(path, info, 'br');
    expect(after).not.toBe(before.br);
    expect(brotliDecompressSync(after).toString()).toContain('rebuilt');
  });
});
