import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * How much more memory (heap and array buffers) was live at the peak of `run` than before it:
 * the collector runs before each sample, so what waits to be collected is not counted.
 */
export async function peakMemoryGrowth<T>(
  run: () => Promise<T>,
  sampleMs = 20,
): Promise<{ result: T; growth: number }> {
  const memory = () => {
    const usage = process.memoryUsage();
    return usage.heapUsed + usage.arrayBuffers;
  };
  setFlagsFromString('--expose-gc');
  const collect = runInNewContext('gc') as () => void;
  collect();
  const baseline = memory();
  let peak = baseline;
  const sampler = setInterval(() => {
    collect();
    peak = Math.max(peak, memory());
  }, sampleMs);
  try {
    return { result: await run(), growth: peak - baseline };
  } finally {
    clearInterval(sampler);
  }
}
