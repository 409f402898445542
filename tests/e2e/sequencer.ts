// The order test files start in. Browser files first (the longest: 10 s to over a minute each), then the
// other projects one after another: a worker that runs a project's files without isolation keeps its
// module graph only while the next file is of the same project (interleaving projects made every switch
// load the app again: three times the import time). Within a project, longest first, so its last files
// are short ones and the slots finish together. How long each file took comes from
// tests/file-durations.json (a run's JSON report, written by `node tests/update-durations.mjs
// <report.json>`); a file not in it counts as a typical one of its project.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const root = path.resolve(import.meta.dirname, '../..');
const known: Record<string, number> = JSON.parse(readFileSync(path.join(root, 'tests/file-durations.json'), 'utf8'));
const typical = (project: string) => (project === 'e2e' ? 20 : 1);
const PROJECTS = ['e2e', 'api', 'api-alone', 'engine', 'pwa', 'pwa-alone'];

export class BrowserFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const seconds = (f: TestSpecification) => known[path.relative(root, f.moduleId)] ?? typical(f.project.name);
    const rank = (f: TestSpecification) => (PROJECTS.indexOf(f.project.name) + PROJECTS.length + 1) % (PROJECTS.length + 1);
    // Stable: files of equal weight keep vitest's order.
    return sorted
      .map((f, i) => ({ f, i, project: rank(f), s: seconds(f) }))
      .sort((a, b) => a.project - b.project || b.s - a.s || a.i - b.i)
      .map(({ f }) => f);
  }
}
