// The import graph's one rule eslint cannot keep: no circle, type-only and dynamic imports included
// (import-x/no-cycle skips both, so a circle whose back edge was a type or an import() went unseen).
// Run by `npm run lint`.
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Two modules that import each other are really one, or what both need belongs one layer down.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    // Type-only imports are edges too: a circle closed by `import type` still ties two modules together.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};
