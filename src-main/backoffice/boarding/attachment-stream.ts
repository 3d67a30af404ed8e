import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { BoardingValidationError } from './errors';
import type { AttachmentMeta } from '../../reference/boarding-wire';

/** The service's limit on an attachment's document, before Base64. */
export const maxAttachmentBytes = 100 * 1024 * 1024;
/** Read this much of the file at a time: a multiple of 3, so each piece encodes to whole Base64. */
const readChunkBytes = 3 * 21_846;

/**
 * The attachment body `{"fileName":..., "document":"<Base64>"}` as a stream: the file is read
 * piece by piece and each piece encoded as it goes, so a 100 MB document never sits in memory
 * whole (the JSON text alone would be 133 MB). Metadata goes first, the document last.
 */
export async function attachmentBody(
  filePath: string,
  meta: AttachmentMeta,
): Promise<{ size: number; stream: () => Readable }> {
  let size: number;
  try {
    const stats = await stat(filePath);
    if (!stats.isFile()) throw new BoardingValidationError('document', `${filePath} is not a file`);
    size = stats.size;
  } catch (error) {
    if (error instanceof BoardingValidationError) throw error;
    throw new BoardingValidationError(
      'document',
      `cannot read ${filePath}: ${(error as NodeJS.ErrnoException).code ?? 'unknown error'}`,
    );
  }
  if (size === 0) throw new BoardingValidationError('document', `${filePath} is empty`);
  if (size > maxAttachmentBytes)
    throw new BoardingValidationError('document', `${filePath} is ${size} bytes; the service takes at most 100 MB`);
  // One object a read: the file is read only as fast as the connection takes it.
  const stream = () =>
    Readable.from(encodedAttachment(meta, createReadStream(filePath, { highWaterMark: readChunkBytes })), {
      objectMode: false,
      highWaterMark: 1,
    });
  return { size, stream };
}

/**
 * The attachment body from a stream of unknown length (an upload arriving at the back office's
 * host): encoded piece by piece as it arrives, like a file's. The source can be read once, so
 * the factory refuses a second call (a resend after a refused token) with an error saying so.
 */
export function streamedAttachmentBody(source: AsyncIterable<Uint8Array>, meta: AttachmentMeta): () => Readable {
  let taken = false;
  return () => {
    if (taken) throw new BoardingValidationError('document', 'a streamed upload cannot be sent twice: upload it again');
    taken = true;
    return Readable.from(encodedAttachment(meta, source), { objectMode: false, highWaterMark: 1 });
  };
}

/** `{...meta,"document":"<Base64>"}`, each piece of the source encoded as it comes (whole 3-byte groups). */
async function* encodedAttachment(meta: AttachmentMeta, source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder();
  yield encoder.encode(`${JSON.stringify(meta).slice(0, -1)},"document":"`);
  let carry = Buffer.alloc(0);
  for await (const chunk of source) {
    const piece = carry.length ? Buffer.concat([carry, chunk]) : Buffer.from(chunk);
    const whole = piece.length - (piece.length % 3);
    carry = Buffer.from(piece.subarray(whole));
    yield encoder.encode(piece.subarray(0, whole).toString('base64'));
  }
  yield encoder.encode(`${carry.toString('base64')}"}`);
}
