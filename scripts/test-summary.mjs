// Prints one closing line for the whole test run ("Tests: N passed, N failed, N skipped") from
// the JSON reports vitest writes, so CI shows a single figure across unit and end-to-end runs.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
const missing = [];
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    missing.push(file);
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}
if (missing.length > 0) console.log(`(no report from ${missing.join(', ')}: that stage did not run)`);
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
