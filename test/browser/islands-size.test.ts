// The client bundle every page loads stays within the budget: 10 KB gzip of first-party JavaScript, pinned
// closer to today's 9,092 B gzip (8,249 B brotli) so a change that adds bytes is a decision, not an accident.
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bundleClient } from '../../src/bundle/client.ts';
import { resolveOptions } from '../../src/options.ts';

const BUDGET_BYTES = 9_200;
/** Brotli (what browsers are sent), at the build's quality 11, which is also zlib's default. */
const BROTLI_BUDGET_BYTES = 8_350;

describe('client bundle', () => {
  it(`has an entry under ${BUDGET_BYTES} bytes gzip, Preact included, with the metrics code only in its lazy chunk`, async () => {
    const bundle = await bundleClient(resolveOptions());
    const text = Buffer.from(bundle.entry.contents).toString('utf8');
    expect(gzipSync(bundle.entry.contents).length).toBeLessThanOrEqual(BUDGET_BYTES);
    expect(brotliCompressSync(bundle.entry.contents).length).toBeLessThanOrEqual(BROTLI_BUDGET_BYTES);
    // No static import: the page needs this one file. Its one import() is the metrics chunk, behind the
    // spec §7 time-out (load-chunk.ts), requested only when metrics are configured and allowed.
    expect(text).not.toMatch(/\bimport\s*[{*"'\w]/);
    expect(text.match(/\bimport\s*\(/g)).toHaveLength(1);
    expect(text).toContain('Loading chunk failed');
    // Web Vitals are observed by our own code in the chunk, never by a library in the entry.
    expect(text).not.toMatch(/web-vitals|onCLS|onLCP|onINP|PerformanceObserver|sendBeacon/);
    const chunks = bundle.files.filter((file) => file !== bundle.entry);
    expect(chunks).toHaveLength(1);
    const chunk = Buffer.from(chunks[0]!.contents).toString('utf8');
    expect(chunk).toContain('PerformanceObserver');
    expect(chunk).not.toMatch(/web-vitals|\bimport\b/);
    // The metrics chunk loads after the page is interactive; it has a small budget of its own.
    expect(gzipSync(chunks[0]!.contents).length).toBeLessThanOrEqual(1_000);
  });
});
