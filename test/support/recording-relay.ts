import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as it left the client: the label of the step that sent it, the line and the JSON body. */
export interface Recorded {
  readonly label: string;
  readonly method: string;
  readonly url: string;
  readonly body: unknown;
}

/** The gateway's REST root as its reference names it (no closing slash, as store IT enters it). */
export const restRoot = '/cardconnect/rest';

/**
 * A loopback server at the reference's REST root that records each request and relays it to the
 * emulator, so every flow runs for real while the test reads what went on the wire.
 */
export async function recordingRelay(emulatorUrl: string, label: () => string = () => '') {
  const recorded: Recorded[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const url = request.url ?? '';
      recorded.push({ label: label(), method: request.method ?? '', url, body: text ? JSON.parse(text) : undefined });
      if (!url.startsWith(`${restRoot}/`)) {
        response.writeHead(404).end('Not found');
        return;
      }
      const headers: Record<string, string> = {};
      for (const name of ['authorization', 'content-type', 'accept'])
        if (request.headers[name]) headers[name] = String(request.headers[name]);
      void fetch(`${emulatorUrl}${url.slice(restRoot.length)}`, {
        method: request.method ?? 'GET',
        headers,
        ...(text ? { body: text } : {}),
      })
        .then(async (answer) =>
          response
            .writeHead(answer.status, { 'Content-Type': answer.headers.get('content-type') ?? 'application/json' })
            .end(await answer.text()),
        )
        .catch(() => request.socket.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${restRoot}`,
    recorded,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
