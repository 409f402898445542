// Axe-core in the browser tests: the WCAG 2.0–2.2 A and AA rules on what a page shows now.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '../..');
let axeSource = '';

interface Violation {
  id: string;
  help: string;
  nodes: { target: string[]; }[];
}

/** Runs axe (WCAG 2.0–2.2 A and AA rules) on what `page` shows now; `where` names the state in the report. */
export async function audit(page: Page, where: string): Promise<string[]> {
  axeSource ||= await readFile(path.join(root, 'node_modules/axe-core/axe.min.js'), 'utf8');
  // Evaluated through the DevTools protocol, so the page's CSP (no inline script) does not stop it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: Violation[]; }>; }; }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  });
  return violations.map((v) => `${where}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Waits until the page is live: React hydrated or rendered its heading. */
export async function ready(page: Page) {
  await page.waitForFunction(() => {
    const h1 = document.querySelector('h1');
    return h1 !== null && Object.keys(h1).some((k) => k.startsWith('__reactFiber'));
  });
}
