// cachedBuild: esbuild runs only when the options or an input file changed; compile errors become located problems.
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BuildOptions } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { cachedBuild } from '../../src/bundle/esbuild-cache.ts';
import { hash } from '../../src/cache-file.ts';
import { ProblemsError } from '../../src/errors.ts';
import { tempDir, writeTree } from '../helpers/files.ts';

/** A small project with an entry that imports a dependency, and the options to bundle it. */
async function project(): Promise<{ dir: string; cacheDir: string; options: BuildOptions }> {
  const dir = await tempDir();
  await writeTree(dir, {
    'src/main.ts': "import { greeting } from './greeting.ts';\nconsole.log(greeting);\n",
    'src/greeting.ts': "export const greeting: string = 'ciao';\n",
  });
  const options: BuildOptions = {
    absWorkingDir: dir,
    entryPoints: [path.join(dir, 'src/main.ts')],
    outdir: path.join(dir, 'out'),
    bundle: true,
    format: 'esm',
  };
  return { dir, cacheDir: path.join(dir, 'cache'), options };
}

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

/** Replaces the cached output with a marker, so a later result showing the marker came from the cache. */
async function markCachedOutput(cacheDir: string, name: string): Promise<void> {
  const file = path.join(cacheDir, `${name}.json`);
  const record = JSON.parse(await readFile(file, 'utf8')) as { outputs: { path: string; base64: string }[] };
  for (const output of record.outputs) output.base64 = Buffer.from('/* from cache */').toString('base64');
  await writeFile(file, JSON.stringify(record));
}

describe('cachedBuild', () => {
  it('lets a call made while the same build runs join it, and checks the inputs again once it is done', async () => {
    const { dir, cacheDir, options } = await project();
    const first = cachedBuild('app', cacheDir, options);
    expect(cachedBuild('app', cacheDir, options)).toBe(first);
    expect(cachedBuild('other', cacheDir, options)).not.toBe(first);
    await first;
    await writeFile(path.join(dir, 'src/greeting.ts'), "export const greeting: string = 'salve';\n");
    const [output] = await cachedBuild('app', cacheDir, options);
    expect(text(output!.contents)).toContain('"salve"');
  });

  it('compiles TypeScript with the project settings, whatever tsconfig.json sits above the files', async () => {
    const { dir, cacheDir, options } = await project();
    // A nearby tsconfig asking for the opposite must not win: the unused import and its side effect stay.
    await writeTree(dir, {
      'tsconfig.json': JSON.stringify({ compilerOptions: { verbatimModuleSyntax: false } }),
      'src/main.ts': "import { greeting } from './greeting.ts';\nexport const unused = 1;\n",
      'src/greeting.ts': "console.log('side effect');\nexport const greeting = 'ciao';\n",
    });
    const [output] = await cachedBuild('app', cacheDir, options);
    expect(text(output!.contents)).toContain('side effect');
  });

  it('builds in memory and returns each output with its path relative to outdir', async () => {
    const { dir, cacheDir, options } = await project();
    const [output, ...rest] = await cachedBuild('app', cacheDir, options);
    expect(rest).toEqual([]);
    expect(output!.path).toBe('main.js');
    expect(text(output!.contents)).toContain('"ciao"');
    // write: false: nothing lands in outdir.
    await expect(readFile(path.join(dir, 'out', 'main.js'))).rejects.toThrow();
  });

  it('returns the cached outputs when neither the options nor any input changed', async () => {
    const { cacheDir, options } = await project();
    await cachedBuild('app', cacheDir, options);
    await markCachedOutput(cacheDir, 'app');
    const [output] = await cachedBuild('app', cacheDir, options);
    expect(text(output!.contents)).toBe('/* from cache */');
  });

  it('rebuilds when an imported file changes, not only the entry', async () => {
    const { dir, cacheDir, options } = await project();
    await cachedBuild('app', cacheDir, options);
    await markCachedOutput(cacheDir, 'app');
    await writeFile(path.join(dir, 'src/greeting.ts'), "export const greeting: string = 'buongiorno';\n");
    const [output] = await cachedBuild('app', cacheDir, options);
    expect(text(output!.contents)).toContain('"buongiorno"');
  });

  it('rebuilds when the options change', async () => {
    const { cacheDir, options } = await project();
    await cachedBuild('app', cacheDir, options);
    await markCachedOutput(cacheDir, 'app');
    const [output] = await cachedBuild('app', cacheDir, { ...options, minify: true });
    expect(text(output!.contents)).toContain('"ciao"');
    expect(text(output!.contents)).not.toContain('from cache');
  });

  it('rebuilds when the cache record is unreadable', async () => {
    const { cacheDir, options } = await project();
    await cachedBuild('app', cacheDir, options);
    await writeFile(path.join(cacheDir, 'app.json'), '{ truncated');
    const [output] = await cachedBuild('app', cacheDir, options);
    expect(text(output!.contents)).toContain('"ciao"');
  });

  it('keeps separate records per name', async () => {
    const { cacheDir, options } = await project();
    await cachedBuild('one', cacheDir, options);
    await cachedBuild('two', cacheDir, { ...options, minify: true });
    await markCachedOutput(cacheDir, 'one');
    const [output] = await cachedBuild('two', cacheDir, { ...options, minify: true });
    expect(text(output!.contents)).not.toContain('from cache');
  });

  it('reports a source that does not compile as located problems, not as a crash', async () => {
    const { dir, cacheDir, options } = await project();
    await writeFile(
      path.join(dir, 'src/greeting.ts'),
      "export const greeting: string = 'ciao';\nexport const broken = ;\n",
    );
    const error = await cachedBuild('app', cacheDir, options).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ProblemsError);
    const [problem] = (error as ProblemsError).problems;
    expect(problem!.file.endsWith('src/greeting.ts')).toBe(true);
    expect(problem).toMatchObject({ line: 2, field: 'code', message: 'Unexpected ";" (column 23)' });
  });

  it('reports a missing import as a problem after an input was deleted', async () => {
    const { dir, cacheDir, options } = await project();
    await cachedBuild('app', cacheDir, options);
    await rm(path.join(dir, 'src/greeting.ts'));
    const error = await cachedBuild('app', cacheDir, options).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ProblemsError);
    expect((error as ProblemsError).problems[0]).toMatchObject({ line: 1, field: 'code' });
    expect((error as ProblemsError).problems[0]!.message).toMatch(/^Could not resolve "\.\/greeting\.ts"/);
  });
});

describe('hash', () => {
  it('is the hex sha256 of text or bytes', () => {
    expect(hash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hash(Buffer.from('abc'))).toBe(hash('abc'));
  });
});
