import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../../src-main/shells/cli/main';
import { fakeIo } from '../../../support/cli-io';

describe('lanepoint signature', () => {
  it('encodes each recorded signature within 6144 characters and decodes it to a PNG', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sig-cli-'));
    for (const name of ['initials-short', 'neat-name', 'name-with-underline', 'long-messy']) {
      const encode = fakeIo();
      expect(await runCli(['signature', 'encode', `assets/signatures/${name}.json`], encode.io)).toBe(0);
      const value = encode.out.join('');
      expect(value.length).toBeLessThanOrEqual(6144);
      expect(encode.err[0]).toMatch(new RegExp(`^${value.length} characters; 384x128`));
      const file = join(dir, `${name}.txt`);
      writeFileSync(file, value);
      const decode = fakeIo();
      const png = join(dir, `${name}.png`);
      expect(await runCli(['signature', 'decode', file, '--png', png], decode.io)).toBe(0);
      const image = PNG.sync.read(readFileSync(png));
      expect([image.width, image.height]).toEqual([384, 128]);
    }
  });

  it('names what is wrong', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sig-cli-'));
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ width: 10, height: 10, strokes: [[{ x: 'a', y: 1 }]] }));
    const bad = fakeIo();
    expect(await runCli(['signature', 'encode', join(dir, 'bad.json')], bad.io)).toBe(1);
    expect(bad.err[0]).toMatch(/is not strokes JSON at strokes\.0\.0\.x/);
    const notBase64 = fakeIo();
    expect(await runCli(['signature', 'decode', 'not base64!', '--png', join(dir, 'x.png')], notBase64.io)).toBe(1);
    expect(notBase64.err[0]).toBe('lanepoint signature decode: the signature is not Base64');
    expect(await runCli(['signature', 'decode', 'abcd'], fakeIo().io)).toBe(2);
    expect(await runCli(['signature', 'sign'], fakeIo().io)).toBe(2);
  });
});
