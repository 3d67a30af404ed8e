import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the scripted gateway does with one request: answer with JSON, or drop the connection. */
export type Step = { answer: unknown; status?: number } | 'drop';

/**
 * A loopback HTTP server that plays a script per path prefix, one step per request, so a test
 * can lose the answer at exactly the step it wants. Requests beyond the script are dropped.
 */
export async function scriptedGateway(script: Record<string, Step[]>) {
  const seen: Array<{ method: string; url: string; body: unknown }> = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const url = req.url ?? '';
      seen.push({ method: req.method ?? '', url, body: body ? JSON.parse(body) : undefined });
      const key = Object.keys(script).find((prefix) => url.includes(prefix));
      const step = key ? script[key]?.shift() : undefined;
      if (!step || step === 'drop') {
        req.socket.destroy();
        return;
      }
      res.writeHead(step.status ?? 200, { 'Content-Type': 'application/json' }).end(JSON.stringify(step.answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/rest`,
    seen,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
