import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { BoardingValidationError } from './errors';
import type { AttachmentMeta } from './wire';

/** The service's limit on an attachment's document, before Base64. */
export const maxAttachmentBytes = 100 * 1024 * 1024;
/** Read this much of the file at a time: a multiple of 3, so each piece encodes to whole Base64. */
const readChunkBytes = 3 * 21_846;

/**
 * The attachment body `{"fileName":..., "document":"<Base64>"}` as a stream: the file is read
 * piece by piece and each piece encoded as it goes, so a 100 MB document never sits in memory
 * whole (the JSON text alone would be 133 MB). Metadata goes first, the document last.
 */
export async function attachmentBody(filePath: string, meta: AttachmentMeta): Promise<{ size: number; stream: () => ReadableStream<Uint8Array> }> {
  let size: number;
  try {
    const stats = await stat(filePath);
    if (!stats.isFile()) throw new BoardingValidationError('document', `${filePath} is not a file`);
    size = stats.size;
  } catch (error) {
    if (error instanceof BoardingValidationError) throw error;
    throw new BoardingValidationError('document', `cannot read ${filePath}: ${(error as NodeJS.ErrnoException).code ?? 'unknown error'}`);
  }
  if (size === 0) throw new BoardingValidationError('document', `${filePath} is empty`);
  if (size > maxAttachmentBytes) throw new BoardingValidationError('document', `${filePath} is ${size} bytes; the service takes at most 100 MB`);
  const head = JSON.stringify(meta).slice(0, -1);
  const encoder = new TextEncoder();

  const stream = () => {
    const file = createReadStream(filePath, { highWaterMark: readChunkBytes });
    let carry = Buffer.alloc(0);
    const iterator = file[Symbol.asyncIterator]();
    let started = false;
    return new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(`${head},"document":"`));
          return;
        }
        const next = await iterator.next();
        if (next.done) {
          controller.enqueue(encoder.encode(`${carry.toString('base64')}"}`));
          controller.close();
          return;
        }
        const piece = carry.length ? Buffer.concat([carry, next.value as Buffer]) : (next.value as Buffer);
        const whole = piece.length - (piece.length % 3);
        carry = Buffer.from(piece.subarray(whole));
        controller.enqueue(encoder.encode(piece.subarray(0, whole).toString('base64')));
      },
      cancel() {
        file.destroy();
      },
    });
  };
  return { size, stream };
}
