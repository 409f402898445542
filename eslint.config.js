// Lint: TypeScript rules everywhere, react-hooks rules for the PWA.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import regexp from 'eslint-plugin-regexp';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';

// Each folder under pwa/src/features is one feature (the employee portal and the office each count as
// one, sub-folders included); read from disk so a new feature is fenced in without touching this file.
const features = readdirSync(new URL('./pwa/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const layerZones = [
  {
    target: ['pwa/src/lib', 'pwa/src/components'],
    from: ['pwa/src/features', 'pwa/src/app'],
    message: 'lib/ and components/ sit below features and the app: pass what you need in instead.',
  },
  { target: 'pwa/src/features', from: 'pwa/src/app', message: 'Features sit below the app: the app composes features, not the reverse.' },
  ...features.map((name) => ({
    target: `pwa/src/features/${name}`,
    from: 'pwa/src/features',
    except: [`./${name}`],
    message: 'A feature never imports another feature: move what both need to lib/ or components/, or let the app compose them.',
  })),
  { target: 'pwa/src', from: 'api', message: 'The PWA talks to the API over HTTP only; share code through shared/.' },
  { target: 'shared', from: ['pwa', 'api'], message: 'shared/ is imported by the PWA and the API, never the reverse.' },
  { target: 'api/engine', from: 'api/src', message: 'The engine is standalone: it imports nothing from the app.' },
  // The API's layers, one direction: routes -> services -> models; http/ is Koa glue that any route
  // uses and that uses no domain code; lib/ holds plain helpers below both.
  {
    target: 'api/src/http',
    from: ['api/src/services', 'api/src/routes', 'api/src/jobs'],
    message: 'http/ is Koa glue only: it imports lib/ and models, never services, routes or jobs. Pass what it needs in, or put the guard in routes/.',
  },
  { target: 'api/src/routes', from: 'api/src/models', message: 'A route parses, calls one service and answers: reach models through that service.' },
  { target: 'api/src/routes', from: 'api/src/jobs', message: 'A route parses, calls one service and answers: the service moves jobs, not the route.' },
  {
    target: 'api/src/lib',
    from: ['api/src/http', 'api/src/routes', 'api/src/services', 'api/src/jobs'],
    message: 'lib/ holds plain helpers below every layer: it imports none of them.',
  },
];

export default tseslint.config(
  { ignores: ['node_modules/**', 'pwa/dist/**', 'data/**', 'coverage/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Regex hygiene, above all no super-linear backtracking: one pathological input must not stall the event loop.
  regexp.configs['flat/recommended'],
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Imports name what they reach: @shared/… for the top-level shared/ folder, @/… for pwa/src
    // (aliases in pwa/aliases.ts and tsconfig.json), never a climb of ../ levels.
    files: ['api/**/*.ts', 'pwa/src/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/shared/**', '!@shared/**'], message: 'Import the top-level shared/ folder as @shared/….' },
          { group: ['**/pwa/src/**'], message: 'Import pwa/src as @/….' },
        ],
      }],
    },
  },
  {
    files: ['pwa/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/shared/**', '!@shared/**'], message: 'Import the top-level shared/ folder as @shared/….' },
          { group: ['../../**'], message: 'Import across pwa/src as @/… instead of climbing ../../.' },
        ],
      }],
    },
  },
  {
    // Which folder may import which (README, Layout): app -> features -> lib/components -> shared, one
    // direction only; features never import each other (what two share moves down, or the app composes
    // them); the engine knows nothing of the app. Paths resolve through tsconfig's @/ and @shared/ aliases.
    files: ['api/**/*.ts', 'pwa/**/*.{ts,tsx}', 'shared/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these import-x reads only .js files and would resolve no TypeScript import at all.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${import.meta.dirname}/tsconfig.json`, alwaysTryTypes: true })],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: layerZones }] },
  },
  {
    // No source file past 300 lines, every line counted (comments and blank ones too): a longer file
    // holds more than one thing; split it by what each part holds.
    files: ['api/**/*.ts', 'pwa/src/**/*.{ts,tsx}', 'shared/**/*.ts', 'tests/**/*.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }] },
  },
  {
    // Tests read loosely typed JSON answers; `any` there keeps assertions short.
    files: ['tests/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['pwa/**/*.{ts,tsx}', 'tests/pwa/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
