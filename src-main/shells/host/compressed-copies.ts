import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Text the renderer is built of; images and fonts are compressed already. */
const compressibleExtensions = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt']);

/** Below this a compressed copy saves less than its headers cost. */
const smallestWorthCompressing = 1024;

/** The encodings the host serves, best first. */
export type ContentEncoding = 'br' | 'gzip';

/** Whether a file of this name and size is served compressed when the browser accepts it. */
export function isCompressible(path: string, size: number): boolean {
  return compressibleExtensions.has(extname(path)) && size >= smallestWorthCompressing;
}

/**
 * The encoding to answer with from an Accept-Encoding header: brotli, else gzip, else none.
 * A coding with q=0 is refused; `*` stands for any coding not named.
 */
export function negotiateEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!name) continue;
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    accepted.set(name, q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  const wildcard = accepted.get('*') ?? 0;
  return (['br', 'gzip'] as const).find((coding) => (accepted.get(coding) ?? wildcard) > 0);
}

/** One version of a file, compressed both ways. */
export interface Copies {
  readonly mtimeMs: number;
  readonly size: number;
  readonly br: Buffer;
  readonly gzip: Buffer;
}

/**
 * The copies made in this process, by file: every host of the process shares them. Brotli at
 * its best quality costs about a second of CPU for the renderer's files, and a process that
 * opens hosts one after another (the back office beside a lane, the end-to-end suite's hundred
 * terminals) would otherwise pay it at every start.
 */
const madeInThisProcess = new Map<string, Promise<Copies>>();

/**
 * Brotli and gzip copies of the renderer's text files, made once per version of each file (by
 * its modification time and size, so a rebuild is picked up) in the thread pool, off the event
 * loop, and shared by the process's hosts. The host makes them all at start (`prepareAll`), so
 * the first page load is already served compressed; a file changed since is compressed when
 * first asked for.
 */
export class CompressedCopies {
  readonly #copies: Map<string, Promise<Copies>>;

  /** `copies`: where they are kept; by default, shared with every other host of the process. */
  constructor(copies: Map<string, Promise<Copies>> = madeInThisProcess) {
    this.#copies = copies;
  }

  /** The file's compressed body in `encoding`, for the version `info` describes. */
  async body(path: string, info: { mtimeMs: number; size: number }, encoding: ContentEncoding): Promise<Buffer> {
    let copies = this.#copies.get(path);
    const current = copies && (await copies.catch(() => undefined));
    if (!current || current.mtimeMs !== info.mtimeMs || current.size !== info.size) {
      copies = this.#compress(path, info);
      this.#copies.set(path, copies);
    }
    return (await copies!)[encoding];
  }

  async #compress(path: string, info: { mtimeMs: number; size: number }): Promise<Copies> {
    const content = await readFile(path);
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzipped(content, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    return { mtimeMs: info.mtimeMs, size: info.size, br, gzip: gz };
  }

  /** Compresses every compressible file under `root` (the host calls it once at start). */
  async prepareAll(root: string): Promise<void> {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const path = join(entry.parentPath, entry.name);
      const info = await stat(path);
      // One file at a time: a start of the lane should not fill the thread pool.
      if (isCompressible(path, info.size)) await this.body(path, info, 'br');
    }
  }
}
