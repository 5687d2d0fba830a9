// A large site built by the real CLI (Markdown and pages shared with worker threads) gives the same bytes as one thread does.
import { randomUUID } from 'node:crypto';
import { cp, mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build.ts';
import { withCompressedSiblings } from '../../src/host/precompress.ts';
import { resolveOptions } from '../../src/options.ts';
import { runCli } from '../helpers/cli.ts';
import { hashTree, sha256, tempDir } from '../helpers/files.ts';
import { fixture, ROOT } from '../helpers/fixtures.ts';

// Above both thresholds: 200 Markdown files start the content worker, and a render worker starts from
// 2 × 30 routes, the threshold these builds are given (BROCHURE_ROUTES_PER_WORKER; 2 × 250 by default,
// which took 500 pages to render, compress and hash, about 4 s of CPU more): 66 pages still span several
// of the render worker's batches (16 pages). The 400 services (one page) keep the content worker's share
// of the files what it was with 650 files, about a third.
const THRESHOLD = { BROCHURE_ROUTES_PER_WORKER: '30' };
const PROFESSIONALS = 60;
const SERVICES = 400;
// Only the first few are listed: a listed professional is linked from the menu, footer and home of
// every page, which makes pages large without crossing any other threshold. Unlisted ones still get
// a route and a page each.
const LISTED = 10;

let site: string;

beforeAll(async () => {
  site = await tempDir('brochure-parallel-');
  await cp(fixture('minimal'), site, { recursive: true });
  const person = await readFile(path.join(site, 'content', 'professionals', 'rossi.md'), 'utf8');
  // A token no earlier build has seen, so no body is in the Markdown cache and the worker renders them all.
  const token = randomUUID();
  for (let i = 1; i <= PROFESSIONALS; i++) {
    const text = person.replace('name: Maria Rossi', `name: Persona ${i}`).replace('order: 1', `order: ${i + 1}${i > LISTED ? '\nlisted: false' : ''}`).replace('Sono psicologa.', `Sono la persona *${i}* (${token}).`);
    await writeFile(path.join(site, 'content', 'professionals', `persona-${i}.md`), text);
  }
  for (let i = 1; i <= SERVICES; i++) {
    await writeFile(path.join(site, 'content', 'services', `${i + 10}-servizio-${i}.md`), `---\ntitle: Servizio ${i}\nduration: 50\n---\n\nIl **servizio** ${i} (${token}).\n`);
  }
}, 60_000);

describe('a build on both cores', () => {
  it('writes exactly the files, byte for byte, that a single-threaded build from a cold cache produces, compressed as `watch --out` does', async () => {
    const { code, stderr } = await runCli(['build', '--quiet', '--out', 'dist'], site, { timeout: 120_000, env: THRESHOLD });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    // In-process, with the default thresholds, no worker starts, and a fresh cache renders everything here.
    const single = await buildSite({ ...resolveOptions({}, site), cacheDir: await tempDir('brochure-parallel-cache-') });
    if (!single.ok) throw new Error(single.problems.join('\n'));
    // What `watch --out` writes: the whole site compressed at once; `build` compresses its stream file by file.
    const compressed = await withCompressedSiblings(single.files, undefined, single.pages.length);
    const expected = Object.fromEntries([...compressed].map(([file, bytes]) => [file, sha256(bytes)]));
    expect(await hashTree(path.join(site, 'dist'))).toEqual(expected);
    expect(Object.keys(expected).filter((file) => file.endsWith('.html'))).toHaveLength(PROFESSIONALS + 6);
  }, 180_000);

  it('reports the problems of files the content worker read, with their lines, as `check` (one thread) does', async () => {
    const broken = await tempDir('brochure-parallel-problems-');
    await cp(site, broken, { recursive: true, filter: (source) => !source.includes(`${path.sep}dist`) });
    const people = path.join(broken, 'content', 'professionals');
    const person = await readFile(path.join(people, 'persona-7.md'), 'utf8');
    // A YAML error, a file without front matter, a file not in UTF-8, a schema error in YAML that parses cleanly;
    // then two files the schema accepts, whose problems only the whole content shows: an unknown field
    // (a warning) and a photo that is not in content/images/ (its line found in the YAML the worker read).
    await writeFile(path.join(people, 'persona-7.md'), person.replace('name: Persona 7', 'name: Persona 7\nname: Ancora'));
    await writeFile(path.join(people, 'persona-8.md'), 'Solo testo, senza intestazione.\n');
    await writeFile(path.join(people, 'persona-9.md'), Buffer.concat([Buffer.from(person.slice(0, 40)), Buffer.from([0xe0, 0x20]), Buffer.from(person.slice(40))]));
    await writeFile(path.join(people, 'persona-10.md'), person.replace(/order: \d+/, 'order: undici'));
    await writeFile(path.join(people, 'persona-11.md'), person.replace('name: Persona 7', 'name: Persona 11\nnmae: Persona'));
    await writeFile(path.join(people, 'persona-12.md'), person.replace(/image: images\/[\w.-]+/, 'image: images/assente.jpg'));
    const built = await runCli(['build', '--out', 'dist'], broken, { timeout: 120_000, env: THRESHOLD });
    const checked = await runCli(['check'], broken, { timeout: 120_000 });
    const problems = (output: string) => output.split('\n').filter((line) => line.includes('persona-'));
    expect(built.code).toBe(1);
    expect(problems(built.stderr)).toHaveLength(6);
    expect(problems(built.stderr).join('\n')).toMatch(/persona-12\.md:\d+: photo\.image: image "images\/assente\.jpg" not found/);
    expect(problems(built.stderr)).toEqual(problems(checked.stderr));
  }, 240_000);

  it('gives the same bytes from a cold build that starts its content worker before taking the inputs (no record, no cache)', async () => {
    // A copy of the package with a cache folder of its own (node_modules/.cache/brochure), empty: no
    // Markdown cache and no record of a last build, so `build` starts the worker ahead (preloadContentWorker).
    const install = await tempDir('brochure-parallel-install-');
    // lib/ (compiled once per run by test/setup/fixtures.ts) copied last, so it is newer than the
    // sources it was compiled from and this copy runs it rather than compiling its own.
    for (const part of ['bin', 'src', 'templates', 'package.json', 'tsconfig.json', 'lib']) await cp(path.join(ROOT, part), path.join(install, part), { recursive: true });
    await mkdir(path.join(install, 'node_modules'));
    for (const name of await readdir(path.join(ROOT, 'node_modules'))) {
      if (name !== '.cache') await symlink(path.join(ROOT, 'node_modules', name), path.join(install, 'node_modules', name));
    }
    const bin = path.join(install, 'bin', 'brochure.js');
    const cold = await runCli(['build', '--quiet', '--out', 'dist-cold'], site, { bin, timeout: 120_000 });
    expect(cold).toMatchObject({ code: 0, stderr: '', stdout: '' });
    const reference = await runCli(['build', '--quiet', '--out', 'dist-reference'], site, { timeout: 120_000 });
    expect(reference).toMatchObject({ code: 0, stderr: '' });
    expect(await hashTree(path.join(site, 'dist-cold'))).toEqual(await hashTree(path.join(site, 'dist-reference')));
  }, 240_000);
});
