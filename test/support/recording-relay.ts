import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as it crossed the wire to the gateway: what a conformance check reads. */
export interface RecordedRequest {
  /** What the test was doing when it went out (the conformance suite's names); '' when nobody said. */
  readonly label: string;
  readonly method: string;
  /** The path and query as the client sent them, from the reference's REST root on. */
  readonly url: string;
  readonly body: unknown;
}

/** The REST root the reference names (`https://<site>.cardconnect.com/cardconnect/rest`). */
export const referenceRestRoot = '/cardconnect/rest';

/**
 * A loopback server at the reference's REST root that records each request and relays it to a
 * gateway emulator (`emulatorUrl`, its `/rest` root), so every flow runs for real (a capture
 * needs a real retref) while the test reads exactly what the client put on the wire. The
 * emulator's admin calls (`/cardconnect/__emulator/...`, as training sends them) are relayed and
 * not recorded: they are the test's, not the gateway's API.
 */
export async function recordingRelay(emulatorUrl: string, label: () => string = () => '') {
  const recorded: RecordedRequest[] = [];
  const emulatorOrigin = emulatorUrl.replace(/\/rest\/?$/, '');
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const url = request.url ?? '';
      const admin = url.startsWith('/cardconnect/__emulator/');
      if (!admin) {
        let body: unknown;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          body = text;
        }
        recorded.push({ label: label(), method: request.method ?? '', url, body });
      }
      if (!admin && !url.startsWith(`${referenceRestRoot}/`)) {
        response.writeHead(404).end('Not found');
        return;
      }
      const target = admin
        ? `${emulatorOrigin}${url.slice('/cardconnect'.length)}`
        : `${emulatorUrl}${url.slice(referenceRestRoot.length)}`;
      const headers: Record<string, string> = {};
      for (const name of ['authorization', 'content-type', 'accept'])
        if (request.headers[name]) headers[name] = String(request.headers[name]);
      void fetch(target, { method: request.method ?? 'GET', headers, ...(text ? { body: text } : {}) })
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
    baseUrl: `http://127.0.0.1:${port}${referenceRestRoot}`,
    recorded,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type RecordingRelay = Awaited<ReturnType<typeof recordingRelay>>;

/**
 * Problems the reference itself causes, each allowed by name with the source it follows instead.
 * Anything else a request check reports is the client's defect.
 */
export function allowedByReference(call: RecordedRequest, problem: string): string | undefined {
  const body = (call.body ?? {}) as Record<string, unknown>;
  // OpenAPI `userfields`: "You can use an array or an object", and its own example is
  // [{"udf0":"value0"}, ...]; its item schema (name/value/custom*, type array) contradicts both.
  if (problem.startsWith('/userfields'))
    return 'userfields as the description and example of the OpenAPI file show them';
  // The guides (Printing Receipts, Authorization Response Data, "emv"): EMV data travels "within
  // the Track Parameter", and the OpenAPI's track takes "encrypted swipe data"; a reader's
  // encrypted or EMV record is longer than the 76 characters of clear track data.
  const track = typeof body.track === 'string' ? body.track : '';
  if (problem === '/track must NOT have more than 76 characters' && !/^[%;]/.test(track))
    return 'reader records in track, as the guides describe';
  return undefined;
}
