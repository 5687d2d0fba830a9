// FrontMatterCache: YAML text -> data on disk, exact JSON only, one entry per text this build used.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build.ts';
import type { ContentError } from '../../src/errors.ts';
import { cacheableJson, frontMatterKey, FrontMatterCache } from '../../src/content/front-matter-cache.ts';
import { cleanYamlData } from '../../src/content/load.ts';
import { resolveOptions } from '../../src/options.ts';
import { tempDir } from '../helpers/files.ts';
import { fixture } from '../helpers/fixtures.ts';

const stored = async (dir: string) => JSON.parse(await readFile(path.join(dir, 'front-matter.json'), 'utf8')) as Record<string, string>;

describe('FrontMatterCache', () => {
  it('gives back, after a save and a load, a fresh copy of the data a text parsed to', async () => {
    const dir = await tempDir();
    const first = await FrontMatterCache.load(dir);
    expect(first.get('title: Colloquio')).toBeUndefined();
    const data = { title: 'Colloquio', duration: 50, tags: ['a', null, true], nested: { n: 1.5 } };
    first.set('title: Colloquio', data);
    await first.save();
    const second = await FrontMatterCache.load(dir);
    const copy = second.get('title: Colloquio');
    expect(copy).toEqual(data);
    expect(copy).not.toBe(data);
  });

  it('takes what another thread parsed (add): found by has and get, saved once used, never what JSON would change', async () => {
    const dir = await tempDir();
    const cache = await FrontMatterCache.load(dir);
    const text = 'title: Colloquio\nduration: 50';
    const { data } = cleanYamlData(text)!;
    expect(cache.has(text)).toBe(false);
    cache.add(frontMatterKey(text), cacheableJson(data)!);
    cache.add(frontMatterKey('unused: 1'), cacheableJson({ unused: 1 })!);
    expect(cache.has(text)).toBe(true);
    expect(cache.get(text)).toEqual({ title: 'Colloquio', duration: 50 });
    await cache.save();
    expect(Object.keys(await stored(dir))).toHaveLength(1);
    // Kept without being read here (a file loading takes validated from another thread): saved for the next build too.
    cache.add(frontMatterKey('kept: 2'), cacheableJson({ kept: 2 })!);
    cache.keep(frontMatterKey('kept: 2'));
    cache.keep(frontMatterKey('never stored: 3'));
    await cache.save();
    expect(Object.values(await stored(dir))).toEqual([JSON.stringify({ title: 'Colloquio', duration: 50 }), JSON.stringify({ kept: 2 })]);
    expect(cacheableJson({ n: Number.NaN })).toBeUndefined();
    // Text that does not parse cleanly is never handed over: loading parses it and says why.
    expect(cleanYamlData('a: 1\na: 2')).toBeUndefined();
    expect(cleanYamlData('a: [1')).toBeUndefined();
  });

  it('keeps only data JSON gives back exactly', async () => {
    const dir = await tempDir();
    const cache = await FrontMatterCache.load(dir);
    const inexact = [{ n: Infinity }, { n: Number.NaN }, { n: -0 }, { when: new Date(0) }, { m: new Map() }, undefined, JSON.parse('{"__proto__": 1}') as unknown];
    inexact.forEach((data, index) => cache.set(`text ${index}`, data));
    cache.set('good', { ok: 1 });
    await cache.save();
    expect(Object.keys(await stored(dir))).toHaveLength(1);
  });

  it('writes only the entries this build used, so edited files do not pile up', async () => {
    const dir = await tempDir();
    const first = await FrontMatterCache.load(dir);
    first.set('a: 1', { a: 1 });
    first.set('b: 2', { b: 2 });
    await first.save();
    const second = await FrontMatterCache.load(dir);
    expect(second.get('a: 1')).toEqual({ a: 1 });
    await second.save();
    expect(Object.keys(await stored(dir))).toHaveLength(1);
  });

  it('with deferSave, saves nothing until the write it handed back runs', async () => {
    const dir = await tempDir();
    const cache = await FrontMatterCache.load(dir);
    const write = cache.deferSave();
    cache.set('a: 1', { a: 1 });
    await cache.save();
    expect(await stored(dir).catch(() => 'none')).toBe('none');
    await write();
    expect((await FrontMatterCache.load(dir)).get('a: 1')).toEqual({ a: 1 });
  });

  it('treats an unreadable or foreign file as empty', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'front-matter.json'), '{"k": {"not": "a string"}}');
    expect((await FrontMatterCache.load(dir)).get('k')).toBeUndefined();
    await writeFile(path.join(dir, 'front-matter.json'), 'not json');
    expect((await FrontMatterCache.load(dir)).get('k')).toBeUndefined();
  });

  it('lets a build from the cache report the same problems, with the same lines, as a build that parses', async () => {
    const cacheDir = await tempDir();
    for (const name of ['unknown-key', 'missing-field', 'every-error']) {
      const options = { ...resolveOptions({}, fixture(name)), cacheDir };
      const parsed = await buildSite(options);
      const cached = await buildSite(options);
      // Files are read concurrently, so problems arrive in the order reads finish (formatReport sorts them): compare as sets.
      const located = (problems: ContentError[]) => problems.map((problem) => `${problem.file}:${problem.line}: ${problem.field}: ${String(problem)}`).sort();
      expect(located(cached.problems)).toEqual(located(parsed.problems));
    }
    expect(Object.keys(await stored(cacheDir)).length).toBeGreaterThan(5);
  }, 60_000);
});
