import { createServer, request as httpRequest, Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { startEmulator } from '../src-main/emulator/server';
import type { BenchResult } from './harness';

const concurrency = 32;
const requestsPerRun = 4000;
const authorization = `Basic ${Buffer.from('testing:testing123').toString('base64')}`;
const body = JSON.stringify({ merchid: '496160873888', account: '4788250000121443', expiry: '1228', amount: '12.34', currency: 'USD' });

/** Sends `requestsPerRun` PUTs with `concurrency` in flight over keep-alive; returns per-request ms. */
async function load(port: number, path: string): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const durations: number[] = [];
  let next = 0;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const started = performance.now();
      const req = httpRequest(
        { host: '127.0.0.1', port, path, method: 'PUT', agent, headers: { Authorization: authorization, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode !== 200) reject(new Error(`HTTP ${res.statusCode}`));
            durations.push(performance.now() - started);
            resolve();
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const worker = async () => {
    while (next++ < requestsPerRun) await one();
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
  return durations;
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
    req.on('end', () => res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(fixed) }).end(fixed));
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', () => resolve()));
  const emulator = await startEmulator();
  try {
    const barePort = (bare.address() as AddressInfo).port;
    await load(barePort, '/auth'); // warm-up
    await load(emulator.port, '/rest/auth');
    let started = performance.now();
    const bareDurations = await load(barePort, '/auth');
    const bareResult = summarize(`bare node:http fixed JSON, concurrency ${concurrency}`, bareDurations, performance.now() - started);
    started = performance.now();
    const emulatorDurations = await load(emulator.port, '/rest/auth');
    const emulatorResult = summarize(`emulator auth (realistic answers), concurrency ${concurrency}`, emulatorDurations, performance.now() - started);
    return [
      bareResult,
      { ...emulatorResult, vsBaseline: { name: 'of bare throughput', ratio: emulatorResult.opsPerSecond / bareResult.opsPerSecond } },
    ];
  } finally {
    bare.closeAllConnections();
    await new Promise<void>((resolve) => bare.close(() => resolve()));
    await emulator.close();
  }
}
