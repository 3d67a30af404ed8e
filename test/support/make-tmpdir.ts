import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * Vitest global setup: makes test-results/tmp, where the configs point TMPDIR, so the
 * journals, app-data folders and logs of the suite's sales stay where `lanepoint scan` (the
 * last step of `npm test`) looks for card data.
 */
export default function makeTmpdir(): void {
  mkdirSync(resolve('test-results', 'tmp'), { recursive: true });
}
