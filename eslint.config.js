// Lint: TypeScript rules everywhere, react-hooks rules for the PWA.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import regexp from 'eslint-plugin-regexp';

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
      'no-restricted-imports': ['error', { patterns: [
        { group: ['**/shared/**', '!@shared/**'], message: 'Import the top-level shared/ folder as @shared/….' },
        { group: ['**/pwa/src/**'], message: 'Import pwa/src as @/….' },
      ] }],
    },
  },
  {
    files: ['pwa/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['**/shared/**', '!@shared/**'], message: 'Import the top-level shared/ folder as @shared/….' },
        { group: ['../../**'], message: 'Import across pwa/src as @/… instead of climbing ../../.' },
      ] }],
    },
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
