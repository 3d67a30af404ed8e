import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { startEmulator } from '../src-main/stand-ins/gateway-emulator/server';
import type { BenchResult } from './harness';

const concurrency = 32;
const requestsPerRun = 4000;
const authorization = `Basic ${Buffer.from('testing:testing123').toString('base64')}`;
const body = JSON.stringify({
  merchid: '496160873888',
  account: '4788250000121443',
  expiry: '1228',
  amount: '12.34',
  currency: 'USD',
});

/**
 * Sends `requestsPerRun` PUTs with `concurrency` in flight over keep-alive from a worker thread,
 * so the load generator has its own core; returns per-request ms and the wall time.
 */
async function load(port: number, path: string): Promise<{ durations: number[]; wallMs: number }> {
  const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), {
    workerData: { port, path, body, authorization, concurrency, requests: requestsPerRun },
  });
  const [result] = (await once(worker, 'message')) as [{ durations: number[]; wallMs: number }];
  await worker.terminate();
  return result;
}

function summarize(name: string, durations: number[], wallMs: number): BenchResult {
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  return {
    name,
    samples: durations.length,
    opsPerSecond: durations.length / (wallMs / 1000),
    meanMs: durations.reduce((sum, d) => sum + d, 0) / durations.length,
    p50Ms: at(50),
    p99Ms: at(99),
  };
}

/**
 * Issue 4's rows: emulator authorizations at concurrency 32, and a bare node:http server
 * answering fixed JSON in the same run (target: the emulator at least 50% of the bare server).
 */
export async function emulatorBenchmarks(): Promise<BenchResult[]> {
  const fixed = JSON.stringify({ respstat: 'A', retref: '343005123105', amount: '12.34' });
  const bare = createServer((req, res) => {
    req.resume();
    req.on('end', () =>
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(fixed) }).end(fixed),
    );
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', () => resolve()));
  const emulator = await startEmulator();
  try {
    const barePort = (bare.address() as AddressInfo).port;
    await load(barePort, '/auth'); // warm-up
    await load(emulator.port, '/rest/auth');
    const bareRun = await load(barePort, '/auth');
    const bareResult = summarize(
      `bare node:http fixed JSON, concurrency ${concurrency}`,
      bareRun.durations,
      bareRun.wallMs,
    );
    const emulatorRun = await load(emulator.port, '/rest/auth');
    const emulatorResult = summarize(
      `emulator auth (realistic answers), concurrency ${concurrency}`,
      emulatorRun.durations,
      emulatorRun.wallMs,
    );
    return [
      bareResult,
      {
        ...emulatorResult,
        vsBaseline: { name: 'of bare throughput', ratio: emulatorResult.opsPerSecond / bareResult.opsPerSecond },
      },
    ];
  } finally {
    bare.closeAllConnections();
    await new Promise<void>((resolve) => bare.close(() => resolve()));
    await emulator.close();
  }
}
