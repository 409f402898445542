// The import graph's circles, type-only and dynamic imports included, checked once for the whole graph
// (eslint's import-x/no-cycle skipped both kinds of edge and, walking the graph again from every file,
// took 44 % of eslint's time; it is not used). Run by `npm run lint`.
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
