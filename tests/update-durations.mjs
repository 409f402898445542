// Writes tests/file-durations.json (what tests/e2e/sequencer.ts orders files by) from a vitest JSON
// report: `npx vitest run --reporter=default --reporter=json --outputFile=/tmp/report.json`, then
// `node tests/update-durations.mjs /tmp/report.json`. Seconds per file, longest first.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const report = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const seconds = Object.fromEntries(
  report.testResults
    // From the report of any clone: the path from its tests/ folder on.
    .map((f) => [f.name.slice(f.name.lastIndexOf('/tests/') + 1), Math.round((f.endTime - f.startTime) / 100) / 10])
    .sort((a, b) => b[1] - a[1]),
);
writeFileSync(path.join(root, 'tests/file-durations.json'), `${JSON.stringify(seconds, null, 1)}\n`);
console.log(`${Object.keys(seconds).length} files`);
