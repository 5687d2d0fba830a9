// The client bundle every page loads stays within the budget: 10 KB gzip of first-party JavaScript.
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bundleClient } from '../../src/bundle/client.ts';
import { resolveOptions } from '../../src/options.ts';

const BUDGET_BYTES = 10_000;

describe('client bundle', () => {
  it(`is one file under ${BUDGET_BYTES} bytes gzip, Preact included, with no lazy chunk or metrics code`, async () => {
    const bundle = await bundleClient(resolveOptions());
    const text = Buffer.from(bundle.contents).toString('utf8');
    expect(gzipSync(bundle.contents).length).toBeLessThanOrEqual(BUDGET_BYTES);
    // A single file: no dynamic import() means no chunk can fail to load (spec §7's 120 s chunk rule never applies).
    expect(text).not.toMatch(/\bimport\s*\(/);
    expect(text).not.toMatch(/web-vitals|onCLS|onLCP|onINP/);
  });
});
