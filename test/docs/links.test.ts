import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');

function markdownUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return markdownUnder(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

/** The relative link targets of a Markdown text, outside code blocks and code spans. */
export function relativeLinks(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)]
    .map((match) => match[1] ?? '')
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#'))
    .map((target) => decodeURI(target.split('#')[0] ?? ''));
}

const files = [resolve(root, 'README.md'), ...markdownUnder(resolve(root, 'docs'))];

describe('links in README.md and docs/', () => {
  it('finds relative links, and leaves out web addresses, anchors and code', () => {
    expect(relativeLinks('[a](docs/a.md) [b](https://x.org/b.md) [c](#here) `[d](d.md)` [e](e.md#part)')).toEqual([
      'docs/a.md',
      'e.md',
    ]);
  });

  it('the README links to the docs', () => {
    expect(relativeLinks(readFileSync(resolve(root, 'README.md'), 'utf8')).length).toBeGreaterThan(5);
  });

  it.each(files.map((file) => [relative(root, file), file] as const))('every relative link in %s exists', (_, file) => {
    const broken = relativeLinks(readFileSync(file, 'utf8')).filter(
      (target) => !existsSync(resolve(dirname(file), target)),
    );
    expect(broken, `${relative(root, file)} links to files that do not exist`).toEqual([]);
  });
});
