/**
 * `POST /attachments?merchantId=…&fileName=…&mimeType=…&attachmentTypeCd=…&description=…` on
 * the back office host: the request body is the document, streamed straight into the boarding
 * upload (encoded as it arrives, never held whole) and refused past the cap. The host has
 * checked the Host header, the Origin and the session token before this runs.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { BoardingClient } from './boarding/client';
import type { Clock } from '../platform/clock';
import { KindedError } from '../platform/errors';
import type { HostRoute } from '../platform/http/inbound';
import type { CommandReply } from '../lane/ipc/contract/replies';
import { describeInvalidArguments } from '../lane/ipc/dispatcher';
import type { Logger } from '../platform/log/logger';
import type { ApplicationRegister } from './application-register';
import { attachmentMimeTypes, attachmentUploadPath, maxAttachmentBytes } from './contract';
import type { AttachmentRecord } from './contract/applications';
import { merchantId, text } from './contract/schemas';
import { backofficeErrorOf } from './errors';
import { sendReply } from './route-reply';

const uploadQuery = z.strictObject({
  merchantId,
  fileName: text(60),
  mimeType: z.enum(attachmentMimeTypes, { error: `expected one of ${attachmentMimeTypes.join(', ')}` }),
  attachmentTypeCd: text(100),
  description: text(1000),
});

function reply(request: IncomingMessage, response: ServerResponse, answer: CommandReply<AttachmentRecord>): void {
  // A refused upload is not passed on: node:http discards what is left of it (never holding it),
  // and the connection closes after the answer, so the page reads the refusal, not a reset.
  sendReply(response, answer, request.readableEnded ? {} : { Connection: 'close' });
}

/** The upload is over the limit (or empty): answered 413 (or 400), never sent on. */
class TooLarge extends KindedError<'too-large'> {
  constructor(message = 'too large') {
    super('too-large', message);
  }
}

/** The upload route; `maxBytes` is the service's 100 MB unless a test gives less. */
export function attachmentRoute(options: {
  boarding: () => Promise<BoardingClient>;
  register: ApplicationRegister;
  clock: Pick<Clock, 'now'>;
  logger: Logger;
  maxBytes?: number;
}): HostRoute {
  const maxBytes = options.maxBytes ?? maxAttachmentBytes;
  const tooLarge = (request: IncomingMessage, response: ServerResponse) =>
    reply(request, response, {
      ok: false,
      error: {
        code: 'resource_exhausted',
        field: 'document',
        message: `The document is larger than the ${Math.round(maxBytes / 1024 / 1024)} MB the boarding service takes.`,
      },
    });

  return {
    method: 'POST',
    path: attachmentUploadPath,
    async handle(request, response, url) {
      const query = uploadQuery.safeParse(Object.fromEntries(url.searchParams));
      if (!query.success)
        return reply(request, response, { ok: false, error: describeInvalidArguments('upload', query.error) });
      const declared = Number(request.headers['content-length'] ?? NaN);
      if (declared > maxBytes) return tooLarge(request, response);
      const { merchantId: id, ...meta } = query.data;
      let bytes = 0;
      async function* counted(): AsyncGenerator<Uint8Array> {
        for await (const chunk of request as AsyncIterable<Buffer>) {
          bytes += chunk.length;
          if (bytes > maxBytes) throw new TooLarge();
          yield chunk;
        }
        if (bytes === 0) throw new TooLarge('empty');
      }
      try {
        const attachmentId = await (await options.boarding()).attachments.uploadStream(id, counted(), meta);
        const record: AttachmentRecord = {
          attachmentId,
          ...meta,
          bytes,
          uploadedAt: new Date(options.clock.now()).toISOString(),
        };
        options.register.addAttachment(id, record);
        options.logger.info(
          { merchantId: id, attachmentId, bytes, attachmentTypeCd: meta.attachmentTypeCd },
          'attachment uploaded',
        );
        return reply(request, response, { ok: true, result: record });
      } catch (error) {
        if (bytes > maxBytes) return tooLarge(request, response);
        if (request.readableEnded && bytes === 0)
          return reply(request, response, {
            ok: false,
            error: { code: 'invalid_argument', field: 'document', message: 'The document is empty.' },
          });
        const expected = backofficeErrorOf(error);
        if (!expected) throw error;
        return reply(request, response, { ok: false, error: expected });
      }
    },
  };
}
