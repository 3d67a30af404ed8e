import { afterEach } from 'vitest';

/**
 * For a test file whose tests each start one thing that must be closed (a back office bench, the
 * training back ends, a training gateway): call it at the top of the file; it returns `keep`,
 * which hands back what a test started and closes it after that test, passed or failed, so
 * nothing a test started outlives it.
 */
export function closedAfterEach<T extends { close(): unknown }>(): (started: T) => T {
  let current: T | undefined;
  afterEach(async () => {
    const started = current;
    current = undefined;
    await started?.close();
  });
  return (started) => (current = started);
}
