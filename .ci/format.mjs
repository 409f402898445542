// `npm run format` writes, `npm run format:check` (part of `npm run lint`) lists the files that are not
// formatted and fails. dprint's TypeScript plugin run through @dprint/formatter: plain npm packages (a
// Wasm plugin and its JS host), so no platform binary has to be found at install time. The settings
// are in .dprint.jsonc, the one place they are written.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { createContext } from '@dprint/formatter';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const check = process.argv.includes('--check');
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));

// JSONC: drop // comments at line starts (the file has no others), then parse.
const settings = JSON.parse(fs.readFileSync(path.join(root, '.dprint.jsonc'), 'utf8').replace(/^\s*\/\/.*$/gm, ''));
const { typescript, folders, topLevel, skip } = settings;
const context = createContext({ lineWidth: settings.lineWidth, indentWidth: settings.indentWidth });
context.addPlugin(fs.readFileSync(require.resolve('@dprint/typescript/plugin.wasm')), typescript);

const SOURCE = /\.(?:ts|tsx|mjs|js|cjs)$/;
function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (skip.includes(entry.name)) continue;
    if (entry.isDirectory()) yield* walk(full);
    else if (SOURCE.test(entry.name)) yield full;
  }
}
const files = only.length
  ? only.map((f) => path.resolve(f))
  : [...folders.flatMap((f) => [...walk(path.join(root, f))]), ...topLevel.map((f) => path.join(root, f)).filter((f) => fs.existsSync(f))];

const unformatted = [];
for (const file of files) {
  const text = fs.readFileSync(file, 'utf8');
  const formatted = context.formatText({ filePath: file, fileText: text });
  if (formatted === text) continue;
  unformatted.push(path.relative(root, file));
  if (!check) fs.writeFileSync(file, formatted);
}
if (check && unformatted.length) {
  console.error(`Not formatted (run npm run format):\n${unformatted.map((f) => `  ${f}`).join('\n')}`);
  process.exit(1);
}
console.log(`${files.length} files ${check ? 'checked' : 'formatted'}${check ? '' : `, ${unformatted.length} changed`}.`);
