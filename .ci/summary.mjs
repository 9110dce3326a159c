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

const e2e = read('test-results/playwright.json');
if (e2e) {
  passed += e2e.stats.expected + e2e.stats.flaky;
  failed += e2e.stats.unexpected;
  skipped += e2e.stats.skipped;
} else console.log('(no end-to-end report: the browser tests did not run)');

console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
