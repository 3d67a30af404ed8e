import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { readBodyInPieces } from '../../platform/http/inbound';
import { refuse } from './answers';

/** The service's limit on a document, decoded. */
export const maxDocumentBytes = 100 * 1024 * 1024;
/** Everything but the document is small; more than this is not an attachment request. */
const maxOtherBytes = 64 * 1024;

export interface ReceivedAttachment {
  readonly fields: Record<string, unknown>;
  /** Decoded size and SHA-256 of the document: the emulator keeps no more of it. */
  readonly bytes: number;
  readonly sha256: string;
}

/**
 * Reads an attachment request as it arrives (the inbound toolkit's piece-by-piece reader): the small fields are kept, the Base64 document is
 * decoded and hashed piece by piece, so a 100 MB upload never sits in memory. The body is the
 * flat object the client sends; a document with escapes or outside a string is refused.
 */
export async function readAttachment(request: IncomingMessage): Promise<ReceivedAttachment> {
  const hash = createHash('sha256');
  let other = '';
  let inDocument = false;
  let documentDone = false;
  let pending = '';
  let bytes = 0;
  const marker = '"document":"';

  const feed = (base64: string) => {
    const text = pending + base64;
    const whole = text.length - (text.length % 4);
    pending = text.slice(whole);
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text.slice(0, whole)))
      refuse(400, '1701', 'Document is not Base64.', 'document');
    const decoded = Buffer.from(text.slice(0, whole), 'base64');
    bytes += decoded.length;
    if (bytes > maxDocumentBytes) refuse(413, '1702', 'Document is larger than 100 MB.', 'document');
    hash.update(decoded);
  };

  // Base64 of the largest document, and the small fields: the document's own limit comes first.
  const maxBytes = Math.ceil(maxDocumentBytes / 3) * 4 + 2 * maxOtherBytes;
  await readBodyInPieces(request, { maxBytes }, (chunk) => {
    let text = chunk.toString('latin1');
    while (text.length > 0) {
      if (inDocument) {
        const end = text.indexOf('"');
        if (end === -1) {
          feed(text);
          text = '';
        } else {
          feed(text.slice(0, end));
          inDocument = false;
          documentDone = true;
          other += '""';
          text = text.slice(end + 1);
        }
        continue;
      }
      other += text;
      text = '';
      const start = documentDone ? -1 : other.indexOf(marker);
      if (start !== -1) {
        text = other.slice(start + marker.length);
        other = other.slice(0, start + marker.length - 1);
        inDocument = true;
      }
      if (other.length > maxOtherBytes) refuse(413, '1703', 'The attachment request is malformed.', null);
    }
  });
  if (pending.length > 0) refuse(400, '1701', 'Document is not Base64.', 'document');
  let fields: Record<string, unknown>;
  try {
    fields = JSON.parse(Buffer.from(other, 'latin1').toString('utf8')) as Record<string, unknown>;
  } catch {
    refuse(400, '1700', 'The request body is not JSON.', null);
  }
  if (!documentDone) refuse(400, '1704', 'document is required.', 'document');
  return { fields, bytes, sha256: hash.digest('hex') };
}
