import { afterEach } from 'vitest';
import { startBoardingPair, type BoardingPair } from './boarding';

/**
 * For a test file whose tests each start their own boarding pair: call it at the top of the
 * file; it returns startBoardingPair, and closes the pair a test started after that test,
 * passed or failed, so no emulator outlives its test.
 */
export function boardingPairPerTest(): typeof startBoardingPair {
  let current: BoardingPair | undefined;
  afterEach(async () => {
    await current?.emulator.close();
    current = undefined;
  });
  return async (...options) => (current = await startBoardingPair(...options));
}
