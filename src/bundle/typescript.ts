// The TypeScript semantics of every esbuild build, stated here instead of found in whatever tsconfig.json sits above the files.

import type { TsconfigRaw } from 'esbuild';

/**
 * The esbuild-relevant settings of the project's tsconfig.json (a unit test keeps them equal).
 * esbuild otherwise reads the nearest tsconfig.json above each file, so templates copied outside
 * the repository (a temp folder has none) would compile differently: without
 * `verbatimModuleSyntax` an unused import is silently dropped instead of failing the build.
 */
export const TYPESCRIPT_SETTINGS = {
  compilerOptions: {
    target: 'ES2022',
    jsx: 'react-jsx',
    verbatimModuleSyntax: true,
    strict: true,
  },
} as const satisfies TsconfigRaw;
