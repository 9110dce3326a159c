// Sums the JSON reports that `npm test` leaves in test-results/ into one closing line.
import { existsSync, readFileSync } from 'node:fs';

const read = (path) => (existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null);
let passed = 0;
let failed = 0;
let skipped = 0;

const unit = read('test-results/vitest.json');
if (unit) {
  passed += unit.numPassedTests;
  failed += unit.numFailedTests;
  skipped += unit.numPendingTests + (unit.numTodoTests ?? 0);
} else console.log('(no unit test report: the unit tests did not run)');

// The browser tests, then their second run with media in an S3 bucket (playwright.s3.config.ts).
for (const [file, what] of [['test-results/playwright.json', 'the browser tests'], ['test-results/playwright-s3.json', 'the S3 browser run']]) {
  const e2e = read(file);
  if (e2e) {
    passed += e2e.stats.expected + e2e.stats.flaky;
    failed += e2e.stats.unexpected;
    skipped += e2e.stats.skipped;
  } else console.log(`(no report from ${what}: it did not run)`);
}

console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
