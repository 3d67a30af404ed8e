// The load generator of the emulator benchmark, run in its own thread so the client's work does
// not share the event loop of the server under test (this machine has two cores).
import { Buffer } from 'node:buffer';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

const { port, path, body, authorization, concurrency, requests } = workerData;
const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
const durations = [];
let next = 0;

const one = () =>
  new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'PUT',
        agent,
        headers: {
          Authorization: authorization,
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
        },
      },
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
  while (next++ < requests) await one();
};

const started = performance.now();
await Promise.all(Array.from({ length: concurrency }, worker));
const wallMs = performance.now() - started;
agent.destroy();
parentPort.postMessage({ durations, wallMs });
