import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * A fetch over node:http(s), for the two things the global fetch does not do: a streamed body
 * sent with its backpressure (fetch, undici, drains a body stream into its own buffers ahead of
 * the socket, which held most of a 20 MB upload in memory at once: measured in
 * test/src-main/backoffice/boarding/attachment.test.ts), and a server certificate trusted by `ca` alone (the
 * pay page's own certificate). Only what the outbound sender passes is read: method, headers,
 * a string or stream body, and the signal.
 */
export function streamingFetch(tls: { readonly ca?: string } = {}): typeof fetch {
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const url = input instanceof URL ? input : new URL(String(input));
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const headers: Record<string, string> = { ...(init.headers as Record<string, string> | undefined) };
      const body = init.body as unknown;
      if (body instanceof Readable) headers['Transfer-Encoding'] = 'chunked';
      else if (typeof body === 'string') headers['Content-Length'] = String(Buffer.byteLength(body));
      const outgoing = send(
        url,
        {
          method: init.method ?? 'GET',
          headers,
          ...(init.signal ? { signal: init.signal } : {}),
          ...(tls.ca ? { ca: tls.ca } : {}),
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('end', () => {
            const answer = new Headers();
            for (const [name, value] of Object.entries(incoming.headers))
              if (typeof value === 'string') answer.set(name, value);
            const status = incoming.statusCode ?? 500;
            const withBody = status !== 204 && status !== 304;
            resolve(new Response(withBody ? Buffer.concat(chunks) : null, { status, headers: answer }));
          });
          incoming.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      if (body instanceof Readable) {
        // An answer before the whole body went (a refusal) ends the upload: its error is not the story.
        pipeline(body, outgoing).catch(() => undefined);
      } else {
        outgoing.end(typeof body === 'string' ? body : undefined);
      }
    });
}
