// TYPESCRIPT_SETTINGS: what every esbuild build compiles with equals what `tsc` checks (tsconfig.json).
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { TYPESCRIPT_SETTINGS } from '../../src/bundle/typescript.ts';

describe('TYPESCRIPT_SETTINGS', () => {
  it('repeats every setting it states from the project tsconfig.json', async () => {
    const project = JSON.parse(await readFile(new URL('../../tsconfig.json', import.meta.url), 'utf8')) as {
      compilerOptions: Record<string, unknown>;
    };
    for (const [name, value] of Object.entries(TYPESCRIPT_SETTINGS.compilerOptions))
      expect([name, project.compilerOptions[name]]).toEqual([name, value]);
  });
});
