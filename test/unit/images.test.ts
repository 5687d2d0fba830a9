// Exercises responsive image encoding, hashed naming and the content-keyed cache against generated fixtures.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processImages, type ProcessedImages } from '../../src/bundle/images.ts';
import { onImageProgress } from '../../src/bundle/image-progress.ts';
import { ProblemsError } from '../../src/errors.ts';

const SOURCES = [
  'images/photo.jpg',
  'images/logo.png',
  'images/icon.svg',
  'images/sized.svg',
  'images/portrait.jpg',
  'images/strip.jpg',
];
const RASTERS = 4;
const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 48"><rect stroke-width="3" width="120" height="48"/></svg>';
const SIZED_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="64px" viewBox="0 0 32 16"><circle r="4"/></svg>';

let root: string;
let contentDir: string;
let first: ProcessedImages;

const sha8 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex').slice(0, 8);
const widthsOf = (srcset: string) => srcset.split(', ').map((entry) => Number(/ (\d+)w$/.exec(entry)?.[1]));
const fileOf = (result: ProcessedImages, url: string) => {
  const bytes = result.files.get(url.replace(/^\//, ''));
  if (!bytes) throw new Error(`no output for ${url}`);
  return bytes;
};

async function fixtures(): Promise<void> {
  const dir = path.join(contentDir, 'images');
  await mkdir(dir, { recursive: true });
  const noise = { type: 'gaussian', mean: 128, sigma: 40 } as const;
  await sharp({ create: { width: 1000, height: 600, channels: 3, background: '#336699', noise } })
    .blur(2)
    .jpeg({ quality: 90 })
    .toFile(path.join(dir, 'photo.jpg'));
  await sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 0.5 } } })
    .png()
    .toFile(path.join(dir, 'logo.png'));
  // Stored 600x400 landscape but tagged "rotate 90° CW", so it displays as 400x600 portrait.
  await sharp({ create: { width: 600, height: 400, channels: 3, background: '#884422' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toFile(path.join(dir, 'portrait.jpg'));
  await sharp({ create: { width: 2600, height: 100, channels: 3, background: '#228844' } })
    .jpeg()
    .toFile(path.join(dir, 'strip.jpg'));
  await writeFile(path.join(dir, 'icon.svg'), ICON_SVG);
  await writeFile(path.join(dir, 'sized.svg'), SIZED_SVG);
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'brochure-images-'));
  contentDir = path.join(root, 'content');
  await fixtures();
  first = await processImages(SOURCES, contentDir, path.join(root, 'cache-a'));
}, 120_000);

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('processImages', () => {
  it('emits widths from the set below the intrinsic width plus the intrinsic width, with src nearest 800', () => {
    const photo = first.images['images/photo.jpg']!;
    expect(widthsOf(photo.srcset)).toEqual([400, 800, 1000]);
    for (const source of photo.sources) expect(widthsOf(source.srcset)).toEqual([400, 800, 1000]);
    expect(photo).toMatchObject({ width: 1000, height: 600 });
    expect(photo.src).toMatch(/^\/static\/media\/photo-800\.[0-9a-f]{8}\.jpg$/);
  });

  it('never upscales and caps the largest width at 2400', async () => {
    const logo = first.images['images/logo.png']!;
    expect(widthsOf(logo.srcset)).toEqual([300]);
    expect(logo).toMatchObject({ width: 300, height: 200 });
    const strip = first.images['images/strip.jpg']!;
    expect(widthsOf(strip.srcset)).toEqual([400, 800, 1200, 1600, 2400]);
    expect(strip).toMatchObject({ width: 2400, height: 92 });
    const largest = await sharp(fileOf(first, strip.srcset.split(', ').at(-1)!.split(' ')[0]!)).metadata();
    expect([largest.width, largest.height]).toEqual([2400, 92]);
  });

  it('encodes AVIF and WebP sources and a JPEG fallback, without metadata', async () => {
    const photo = first.images['images/photo.jpg']!;
    expect(photo.sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
    const formatOf = async (url: string) => (await sharp(fileOf(first, url)).metadata()).format;
    const urls = (srcset: string) => srcset.split(', ').map((entry) => entry.split(' ')[0]!);
    for (const url of urls(photo.sources[0]!.srcset)) expect([url, await formatOf(url)]).toEqual([url, 'heif']);
    for (const url of urls(photo.sources[1]!.srcset)) expect(await formatOf(url)).toBe('webp');
    for (const url of urls(photo.srcset)) {
      const meta = await sharp(fileOf(first, url)).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
    }
    const avif = fileOf(first, urls(photo.sources[0]!.srcset)[0]!);
    expect(Buffer.from(avif.subarray(4, 12)).toString('latin1')).toBe('ftypavif');
  });

  it('falls back to PNG, keeping the alpha channel, for a transparent PNG', async () => {
    const logo = first.images['images/logo.png']!;
    expect(logo.src).toMatch(/^\/static\/media\/logo-300\.[0-9a-f]{8}\.png$/);
    expect(logo.srcset).toBe(`${logo.src} 300w`);
    const meta = await sharp(fileOf(first, logo.src)).metadata();
    expect([meta.format, meta.hasAlpha]).toEqual(['png', true]);
  });

  it('copies SVGs unchanged and reads their size from the viewBox or attributes', async () => {
    const icon = first.images['images/icon.svg']!;
    expect(icon).toEqual({
      src: `/static/media/icon.${sha8(Buffer.from(ICON_SVG))}.svg`,
      srcset: '',
      width: 120,
      height: 48,
      sources: [],
    });
    expect(Buffer.from(fileOf(first, icon.src)).toString()).toBe(ICON_SVG);
    expect(first.images['images/sized.svg']).toMatchObject({ width: 64, height: 32 });
  });

  it('applies EXIF orientation', async () => {
    const portrait = first.images['images/portrait.jpg']!;
    expect(portrait).toMatchObject({ width: 400, height: 600 });
    const meta = await sharp(fileOf(first, portrait.src)).metadata();
    expect(meta.height).toBeGreaterThan(meta.width);
    expect(meta.orientation).toBeUndefined();
  });

  it('names every output after the hash of its bytes and references only emitted files', () => {
    for (const [name, bytes] of first.files) {
      expect(name).toMatch(/^static\/media\/[\w-]+(?:-\d+)?\.[0-9a-f]{8}\.(?:avif|webp|jpg|png|svg)$/);
      expect(name.split('.').at(-2)).toBe(sha8(bytes));
    }
    const urls = Object.values(first.images).flatMap((image) => [
      image.src,
      ...[image.srcset, ...image.sources.map((s) => s.srcset)]
        .filter(Boolean)
        .flatMap((set) => set.split(', ').map((e) => e.split(' ')[0]!)),
    ]);
    expect(new Set(urls.map((url) => url.slice(1)))).toEqual(new Set(first.files.keys()));
    expect(Object.keys(first.images)).toEqual(SOURCES);
    expect(first.encoded).toBe(RASTERS);
  });

  it('is deterministic across independent cold builds', async () => {
    const second = await processImages(SOURCES, contentDir, path.join(root, 'cache-b'));
    expect(second.encoded).toBe(RASTERS);
    expect(second.images).toEqual(first.images);
    expect([...second.files.keys()]).toEqual([...first.files.keys()]);
    for (const [name, bytes] of first.files) expect(Buffer.compare(second.files.get(name)!, bytes)).toBe(0);
  }, 60_000);

  it('serves a warm build from the cache without encoding', async () => {
    const warm = await processImages(SOURCES, contentDir, path.join(root, 'cache-a'));
    expect(warm.encoded).toBe(0);
    expect(warm.images).toEqual(first.images);
    expect(warm.files).toEqual(first.files);
  });

  it('does not load sharp on a cache hit', async () => {
    const script = path.join(root, 'probe.mts');
    const modulePath = fileURLToPath(new URL('../../src/bundle/images.ts', import.meta.url));
    await writeFile(
      script,
      `
      import { createRequire } from 'node:module';
      const { processImages } = await import(${JSON.stringify(modulePath)});
      const loaded = () => Object.keys(createRequire(import.meta.url).cache).some((id) => /[\\\\/]sharp[\\\\/]lib[\\\\/]/.test(id));
      const result = await processImages(${JSON.stringify(SOURCES)}, ${JSON.stringify(contentDir)}, ${JSON.stringify(path.join(root, 'cache-a'))});
      const before = loaded();
      await import(${JSON.stringify(pathToFileURL(createRequire(import.meta.url).resolve('sharp')).href)});
      console.log(JSON.stringify({ encoded: result.encoded, before, after: loaded() }));
    `,
    );
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
    });
    // `after` proves the probe can see sharp at all, so `before: false` is meaningful.
    expect(JSON.parse(stdout)).toEqual({ encoded: 0, before: false, after: true });
  }, 30_000);

  it('re-encodes corrupt or partial cache entries and repairs them', async () => {
    const cacheDir = path.join(root, 'cache-c');
    await cp(path.join(root, 'cache-a'), cacheDir, { recursive: true });
    const entries = (await readdir(path.join(cacheDir, 'images'))).map((key) => path.join(cacheDir, 'images', key));
    const variantsOf = async (entry: string) => (await readdir(entry)).filter((name) => name !== 'manifest.json');
    const [truncated, unmanifested, garbled] = entries;
    await truncate(path.join(truncated!, (await variantsOf(truncated!))[0]!), 10);
    await rm(path.join(unmanifested!, 'manifest.json'));
    await writeFile(path.join(garbled!, 'manifest.json'), '{"settings":');
    const repaired = await processImages(SOURCES, contentDir, cacheDir);
    expect(repaired.encoded).toBe(3);
    expect(repaired.images).toEqual(first.images);
    expect(repaired.files).toEqual(first.files);
    expect((await processImages(SOURCES, contentDir, cacheDir)).encoded).toBe(0);
    expect(await readdir(path.join(cacheDir, 'images'))).toHaveLength(RASTERS);
  }, 60_000);

  it("stops at the widest width an image's uses need, and encodes again when its uses change", async () => {
    const cacheDir = path.join(root, 'cache-widest');
    const capped = await processImages(
      ['images/photo.jpg', 'images/strip.jpg'],
      contentDir,
      cacheDir,
      new Map([
        ['images/photo.jpg', 800],
        ['images/strip.jpg', 1000],
      ]),
    );
    expect(widthsOf(capped.images['images/photo.jpg']!.srcset)).toEqual([400, 800]);
    expect(capped.images['images/photo.jpg']).toMatchObject({ width: 800, height: 480 });
    expect(widthsOf(capped.images['images/strip.jpg']!.sources[0]!.srcset)).toEqual([400, 800, 1000]);
    expect(capped.encoded).toBe(2);
    expect(
      (await processImages(['images/photo.jpg'], contentDir, cacheDir, new Map([['images/photo.jpg', 800]]))).encoded,
    ).toBe(0);
    // The same bytes now drawn wider (say the portrait became the hero): the cached widths no longer fit.
    const wider = await processImages(['images/photo.jpg'], contentDir, cacheDir);
    expect(wider.encoded).toBe(1);
    expect(wider.images['images/photo.jpg']).toEqual(first.images['images/photo.jpg']);
  }, 60_000);

  it('reports each variant it encodes to the progress listeners, and the end', async () => {
    const events: unknown[] = [];
    const stop = onImageProgress((event) => events.push(event));
    try {
      await processImages(
        ['images/photo.jpg', 'images/icon.svg', 'images/logo.png'],
        contentDir,
        path.join(root, 'cache-progress'),
      );
      // photo.jpg: 3 widths x 3 formats; logo.png: 1 width x 3 formats; the SVG is copied.
      expect(events).toEqual([...Array.from({ length: 13 }, (_, done) => ({ done, total: 12 })), { finished: true }]);
      events.length = 0;
      await processImages(['images/photo.jpg'], contentDir, path.join(root, 'cache-progress'));
      expect(events).toEqual([]);
    } finally {
      stop();
    }
  }, 60_000);

  it('throws an error naming a missing source', async () => {
    await expect(processImages(['images/nope.jpg'], contentDir, path.join(root, 'cache-a'))).rejects.toThrow(
      /images\/nope\.jpg/,
    );
  });

  it('throws an error naming a source it cannot decode', async () => {
    await writeFile(path.join(contentDir, 'images', 'broken.jpg'), 'not an image');
    await expect(processImages(['images/broken.jpg'], contentDir, path.join(root, 'cache-d'))).rejects.toThrow(
      /images\/broken\.jpg/,
    );
    // A located problem of that file (what every user mistake is), not a bare Error with a stack.
    const thrown = await processImages(['images/broken.jpg'], contentDir, path.join(root, 'cache-e')).catch(
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(ProblemsError);
    expect(
      (thrown as ProblemsError).problems.map((problem) => [problem.file.endsWith('images/broken.jpg'), problem.field]),
    ).toEqual([[true, 'image']]);
  });
});
