// The order test files start in. Vitest's own runs projects by name (api, e2e, engine, pwa), so on a
// clean clone the browser files (the longest, 30 s to minutes each) started after every API file and the
// last of them ran alone at the end. Longest first packs the worker slots better: browser files first (in
// vitest's order within: failed, then longest by its cache, else largest), the short ones fill in after.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export class BrowserFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const browser = (f: TestSpecification) => f.project.name === 'e2e';
    return [...sorted.filter(browser), ...sorted.filter((f) => !browser(f))];
  }
}
