// The order test files start in. First the browser files (10 s to over a minute each) together with the
// few long files of the other projects (a kill -9 and restart, a backup under writes, ten thousand bad
// bodies: 15–40 s each, mostly waiting on timers and child processes), longest first, so those run beside
// the browser files instead of alone at the end; then the other projects one after another: a worker
// that runs a project's files without isolation keeps its module graph only while the next file is of
// the same project (interleaving every project's files made each switch load the app again: three times
// the import time). Within each part, longest first, so the last files are short ones and the slots
// finish together. How long each file took comes from tests/file-durations.json (a run's JSON report, written by `node tests/update-durations.mjs
// <report.json>`); a file not in it counts as a typical one of its project.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const root = path.resolve(import.meta.dirname, '../..');
const known: Record<string, number> = JSON.parse(readFileSync(path.join(root, 'tests/file-durations.json'), 'utf8'));
const typical = (project: string) => (project === 'e2e' ? 20 : 1);
const PROJECTS = ['e2e', 'api', 'api-alone', 'engine', 'pwa', 'pwa-alone'];
/** A file of another project this long is ordered among the browser files (seconds). */
const LONG = 15;

export class BrowserFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const seconds = (f: TestSpecification) => known[path.relative(root, f.moduleId)] ?? typical(f.project.name);
    // Part 0: the browser files and the long ones; then each project in PROJECTS' order (an unknown one last).
    const part = (f: TestSpecification) => {
      const order = PROJECTS.indexOf(f.project.name);
      return seconds(f) >= LONG ? 0 : order === -1 ? PROJECTS.length : order;
    };
    // Stable: files of equal weight keep vitest's order.
    return sorted
      .map((f, i) => ({ f, i, part: part(f), s: seconds(f) }))
      .sort((a, b) => a.part - b.part || b.s - a.s || a.i - b.i)
      .map(({ f }) => f);
  }
}
