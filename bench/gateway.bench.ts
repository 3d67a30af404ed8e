import { randomBytes } from 'node:crypto';
import { parseAuthorization } from '../src-main/lane/gateway/auth-response';
import { approvedAnswer } from '../test/support/gateway-answers';
import type { BenchCase } from './harness';

/** The approval padded with 30 random extra fields, keys shuffled, as the test gateway sends. */
function paddedApproval(): string {
  const entries: Array<[string, unknown]> = Object.entries(approvedAnswer);
  for (let i = 0; i < 30; i++) {
    const key = `x${randomBytes(4).toString('hex')}`;
    const kind = i % 3;
    entries.push([
      key,
      kind === 0 ? randomBytes(8).toString('hex') : kind === 1 ? [i, `${i}`] : { dummy: i, text: 'pad' },
    ]);
  }
  entries.sort(() => (randomBytes(1)[0]! < 128 ? -1 : 1));
  return JSON.stringify(Object.fromEntries(entries));
}

/** Issue 3's target: parse + validate an answer at most 3x the cost of JSON.parse alone. */
export const gatewayBenchmarks: BenchCase[] = [
  {
    name: 'gateway auth answer, 30 extra fields: parse + validate',
    iterations: 20000,
    setup: paddedApproval,
    run: (text) => parseAuthorization(JSON.parse(text as string), text as string),
    baseline: { name: 'JSON.parse', run: (text) => JSON.parse(text as string) },
  },
];
