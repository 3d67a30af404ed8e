import { parentPort, workerData } from 'node:worker_threads';
import { fuzzTarget } from './runner';
import { fuzzTargets } from './targets';

/**
 * Runs one target for the CLI. Before each input it copies the input into shared memory and
 * bumps a counter, so the parent can tell an endless loop (the counter stops) and still show
 * the input that caused it after terminating this thread.
 */
const { index, inputs, seed, shared } = workerData as {
  index: number;
  inputs: number;
  seed: number;
  shared: SharedArrayBuffer;
};
const header = new Int32Array(shared, 0, 2);
const body = new Uint8Array(shared, 8);
const target = fuzzTargets[index]!;
const report = await fuzzTarget(target, {
  inputs,
  seed,
  onInput: (input) => {
    const length = Math.min(input.length, body.length);
    body.set(input.subarray(0, length));
    Atomics.store(header, 1, length);
    Atomics.add(header, 0, 1);
  },
});
parentPort?.postMessage(report);
