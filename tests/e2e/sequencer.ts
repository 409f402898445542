// The order test files start in: longest first, whatever their project (the classic longest-processing-
// time rule), so the last files to start are short ones and the worker slots finish together. Vitest's
// own order ran projects by name, and browser files first left the API, engine and component projects'
// long files (a kill -9 and restart, a backup under writes: 30–40 s each) to start near the end and run
// alone. How long each file took comes from tests/file-durations.json (a run's JSON report, written by
// `node tests/update-durations.mjs <report.json>`); a file not in it counts as a typical one of its project.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const root = path.resolve(import.meta.dirname, '../..');
const known: Record<string, number> = JSON.parse(readFileSync(path.join(root, 'tests/file-durations.json'), 'utf8'));
const typical = (project: string) => (project === 'e2e' ? 20 : 1);

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const seconds = (f: TestSpecification) => known[path.relative(root, f.moduleId)] ?? typical(f.project.name);
    // Stable: files of equal weight keep vitest's order.
    return sorted.map((f, i) => ({ f, i, s: seconds(f) })).sort((a, b) => b.s - a.s || a.i - b.i).map(({ f }) => f);
  }
}
