// The client bundle every page loads stays within the budget: 10 KB gzip of first-party JavaScript.
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bundleClient } from '../../src/bundle/client.ts';
import { resolveOptions } from '../../src/options.ts';

const BUDGET_BYTES = 10_000;

describe('client bundle', () => {
  it(`has an entry under ${BUDGET_BYTES} bytes gzip, Preact included, with the metrics code only in its lazy chunk`, async () => {
    const bundle = await bundleClient(resolveOptions());
    const text = Buffer.from(bundle.entry.contents).toString('utf8');
    expect(gzipSync(bundle.entry.contents).length).toBeLessThanOrEqual(BUDGET_BYTES);
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
