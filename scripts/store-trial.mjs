#!/usr/bin/env node
// The store trial of issue 29, repeated: each of the twelve ways the lane moved money without the
// screen saying so, by the tests that reproduce it (against the real emulators, a real SQLite
// journal and Chromium). Runs them, then prints one line per item: passed, or what failed.
// `npm run trial` (add --no-e2e to leave Chromium out).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Item, what the trial found, and the tests that reproduce it: a file, and a part of a test's name. */
const items = [
  [
    '1',
    'a lost answer recovered as a partial approval read as paid in full',
    [
      ['test/src-main/lane/payment/recovered-partial.test.ts'],
      ['test/src-main/lane/kiosk/kiosk-recovered-partial.test.ts'],
      ['test/e2e/sale-state.e2e.ts', 'balance due and the reference'],
      ['test/e2e/kiosk-recovery.e2e.ts'],
    ],
  ],
  [
    '2',
    'kiosk staff mode never ends; staff money actions unconfirmed',
    [['test/src-main/lane/kiosk/kiosk-staff.test.ts'], ['test/e2e/kiosk-staff.e2e.ts']],
  ],
  [
    '3',
    'void is one click',
    [['test/src-main/lane/terminal/void-reason.test.ts'], ['test/e2e/void-and-leave.e2e.ts', 'void from History']],
  ],
  [
    '4',
    'a voided partial approval still shown as money on the card',
    [
      ['test/src-main/lane/terminal/partial-approval-end.test.ts', 'item 4'],
      ['test/e2e/partial-approval.e2e.ts', 'void'],
    ],
  ],
  [
    '5',
    'a partial approval paid the rest another way is a dead end',
    [
      ['test/src-main/lane/terminal/partial-approval-end.test.ts', 'rest'],
      ['test/e2e/partial-approval.e2e.ts', 'rest'],
    ],
  ],
  [
    '6',
    'an unknown outcome is one key from a new sale',
    [['test/src-main/lane/terminal/leave-unknown.test.ts'], ['test/e2e/void-and-leave.e2e.ts', 'Esc']],
  ],
  [
    '7',
    'kiosk staff clear voids a payment the bank approved',
    [['test/src-main/lane/kiosk/kiosk-safety.test.ts'], ['test/src-main/lane/kiosk/kiosk-staff.test.ts', 'clear']],
  ],
  [
    '8',
    'kiosk stuck at the signature',
    [
      ['test/src-main/lane/kiosk/kiosk-staff.test.ts', 'sign'],
      ['test/e2e/kiosk-staff.e2e.ts', 'sign'],
      ['test/e2e/signature.e2e.ts'],
    ],
  ],
  [
    '9',
    'a device approving more than asked is believed',
    [
      ['test/src-main/lane/payment/answer-reading.test.ts'],
      ['test/src-main/lane/terminal/device-sale.test.ts', 'more than was asked'],
      ['test/src-main/lane/terminal/device-sale.test.ts', 'order id'],
    ],
  ],
  [
    '10',
    'an approval the journal cannot record is "nothing was sent"',
    [['test/src-main/lane/terminal/unrecorded-outcome.test.ts'], ['test/e2e/journal-full.e2e.ts']],
  ],
  [
    '11',
    'end of day cries wolf after a refund; voids counted twice',
    [
      ['test/src-main/lane/terminal/settlement-verdict.test.ts'],
      ['test/src-main/lane/terminal/end-of-day-follow-ups.test.ts'],
      ['test/e2e/end-of-day.e2e.ts'],
    ],
  ],
  [
    '12',
    'a scan lost is an item not paid for',
    [
      ['test/src-main/lane/kiosk/keyboard-scanner.test.ts'],
      ['test/drivers/transport/keyboard-wedge-transport.test.ts'],
      ['test/e2e/kiosk.e2e.ts', 'stalls'],
      ['test/e2e/reader-wedge.e2e.ts'],
    ],
  ],
  [
    '+',
    'the smaller ones: sale limit, keyed checks, pay page words, used-up buttons',
    [
      ['test/src-main/lane/terminal/sale-limit.test.ts'],
      ['test/e2e/counter-checks.e2e.ts'],
      ['test/e2e/wallet.e2e.ts', 'Spanish'],
    ],
  ],
];

const withE2e = !process.argv.includes('--no-e2e');
const all = items.flatMap(([, , tests]) => tests.map(([file]) => file));
const unitFiles = [...new Set(all.filter((file) => !file.includes('/e2e/')))];
const e2eFiles = [...new Set(all.filter((file) => file.includes('/e2e/')))];

function run(args, outputFile) {
  // Each config's own JSON reporter writes the results there.
  const result = spawnSync('npx', ['vitest', 'run', ...args], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    return JSON.parse(readFileSync(outputFile, 'utf8')).testResults;
  } catch {
    console.error(`trial: vitest ${args.join(' ')} left no results (exit ${result.status})`);
    return [];
  }
}

const results = run(unitFiles, 'test-results/vitest-unit.json');
if (withE2e) {
  const build = spawnSync('npx', ['electron-vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  results.push(...run(['--config', 'vitest.e2e.config.ts', ...e2eFiles], 'test-results/vitest-e2e.json'));
}

let failed = 0;
console.log('\nissue 29 store trial');
for (const [item, found, tests] of items) {
  const matched = tests.flatMap(([file, part]) => {
    if (!withE2e && file.includes('/e2e/')) return [];
    const suite = results.find((candidate) => candidate.name.endsWith(file));
    const cases = (suite?.assertionResults ?? []).filter((test) => !part || test.fullName.includes(part));
    return cases.length > 0
      ? cases
      : [{ fullName: `${file}${part ? ` "${part}"` : ''}: no such test`, status: 'missing' }];
  });
  const bad = matched.filter((test) => test.status !== 'passed');
  failed += bad.length;
  const verdict = bad.length === 0 ? `passed (${matched.length} tests)` : `FAILED ${bad.length} of ${matched.length}`;
  console.log(`${item.padStart(2)}  ${verdict.padEnd(20)} ${found}`);
  for (const test of bad) console.log(`      ${test.status}: ${test.fullName}`);
}
console.log(failed === 0 ? 'trial: every reproduction passes' : `trial: ${failed} failing`);
process.exit(failed === 0 ? 0 : 1);
