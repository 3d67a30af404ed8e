import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The unit suite's slow tier: files that spend tens of seconds on real processes and real time
 * (SIGKILLed lanes, the answer window, 20 MB streams, the 10,000-sale soak), measured on a quiet
 * two-core machine. `npm test` runs them, first (see SlowFirstSequencer); `npm run test:quick`
 * leaves them out. A file that grows past about 5 s belongs here; docs/developers.md lists the tiers.
 */
export const slowTier: readonly string[] = [
  'test/kills/kills.test.ts', // 101 s: 20 SIGKILLs of a real lane, some waiting out the 35 s answer window
  'test/src-main/journal/crash.test.ts', // 33 s: 150 lane processes killed at three points
  'test/hostile/shutdown.test.ts', // 14 s: real lanes under SIGTERM, one waiting out its 5 s bound
  'test/src-main/backoffice/attachment-upload.test.ts', // 7 s: a 20 MB upload streamed end to end
  'test/src-main/boarding/attachment.test.ts', // 6 s: a 20 MB file streamed both ways
  'test/bench/soak.test.ts', // 5 s: the soak's sales against the emulator
];

/**
 * Starts the slow tier first, longest first, then the rest as vitest orders them. On a fresh
 * clone vitest has no durations cached and starts the biggest files first, which put the 100 s
 * kills file at the end of a run with nothing left to overlap it.
 */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = slowTier.indexOf(relative(file.project.config.root, file.moduleId).replaceAll('\\', '/'));
      return index === -1 ? slowTier.length : index;
    };
    // Array.prototype.sort is stable: outside the slow tier vitest's own order stays.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
