// startBundles: the bundles `build` starts before reading content, each handed to that build once.
import { describe, expect, it } from 'vitest';
import { bundleClient, bundleStyles } from '../../src/bundle/client.ts';
import { startBundles } from '../../src/bundle/start-bundles.ts';
import { resolveOptions } from '../../src/options.ts';

const options = resolveOptions();

describe('startBundles', () => {
  it('hands each started bundle out once, with what the stage itself would make, and nothing for a stage it did not start', async () => {
    const started = startBundles(options);
    const [templates, client, styles] = [started.take('templates'), started.take('client'), started.take('styles')];
    expect(templates).toBeInstanceOf(Promise);
    expect(client).toBeInstanceOf(Promise);
    expect(styles).toBeInstanceOf(Promise);
    // Taken once: the next build asks esbuild's cache afresh, so an edit between two builds is seen.
    expect([started.take('templates'), started.take('client'), started.take('styles')]).toEqual([undefined, undefined, undefined]);
    expect(started.take('images')).toBeUndefined();
    expect(await client).toEqual(await bundleClient(options));
    expect(await styles).toEqual(await bundleStyles(options));
    expect(await templates).toMatchObject({ pages: expect.any(Object), bundleFile: expect.stringMatching(/pages\.[0-9a-f]{16}\.mjs$/) });
  }, 60_000);
});
