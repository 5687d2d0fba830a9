// startEarlyWorkers: a large site's render workers start before rendering, and render then as the ones streamPages starts would.
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SiteModel } from '../../src/model/site-model.ts';
import { resolveOptions } from '../../src/options.ts';
import { startEarlyWorkers } from '../../src/render/early-workers.ts';
import type { AssetManifest, LoadedTemplates } from '../../src/render/page-props.ts';
import { renderPages, renderThreads, streamPages } from '../../src/render/render-pages.ts';
import { tempDir } from '../helpers/files.ts';
import { ROOT } from '../helpers/fixtures.ts';
import { minimalRenderInputs } from '../helpers/render-inputs.ts';

let model: SiteModel;
let templates: LoadedTemplates;
let assets: AssetManifest;

beforeAll(async () => {
  ({ model, templates, assets } = await minimalRenderInputs());
});

/** Options for a content folder whose `professionals/` holds `count` files (only their number is read). */
async function siteWith(count: number) {
  const content = await tempDir();
  await mkdir(path.join(content, 'professionals'));
  await Promise.all(Array.from({ length: count }, (_, i) => writeFile(path.join(content, 'professionals', `p-${i}.md`), '')));
  return resolveOptions({ content }, ROOT);
}

describe('startEarlyWorkers', () => {
  it('starts none for a site with few professionals', async () => {
    const early = startEarlyWorkers(await siteWith(3));
    expect(await early.started).toBe(0);
    expect(early.take(templates.bundleFile!)).toBeUndefined();
  });

  it('starts none once released', async () => {
    const early = startEarlyWorkers(await siteWith(600));
    early.release();
    expect(await early.started).toBe(0);
  });

  it.runIf(availableParallelism() >= 2)('starts the render workers of a large site, which streamPages takes and which render the same pages', async () => {
    const early = startEarlyWorkers(await siteWith(600));
    expect(await early.started).toBe(renderThreads(605) - 1);
    const profile = model.routes.find((route) => route.kind === 'professional')!;
    const site: SiteModel = { ...model, routes: Array.from({ length: 600 }, (_, index) => ({ ...profile, path: `/copia-${index}`, file: `copia-${index}.html` })) };
    const output = { files: new Set(site.routes.map((route) => route.file)), base: '/' };
    const streamed = new Map<string, string>();
    const taken: unknown[] = [];
    const watched = { ...early, take: (file: string) => taken[taken.push(early.take(file)) - 1] as ReturnType<typeof early.take> };
    for await (const page of streamPages(site, assets, templates, output, watched)) streamed.set(page.route.file, Buffer.from(page.bytes).toString('utf8'));
    const full = await renderPages(site, assets, templates);
    expect(streamed.size).toBe(full.length);
    for (const page of full) expect(streamed.get(page.route.file), page.route.file).toBe(page.html);
    expect(taken.length).toBe(renderThreads(600) - 1);
    expect(taken.every((worker) => worker instanceof Worker)).toBe(true);
    // Taken by the stream, then released with the rest: nothing is left to take.
    expect(early.take(templates.bundleFile!)).toBeUndefined();
  }, 60_000);
});
