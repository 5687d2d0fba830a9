// checkContent: load and validate, what `brochure check` runs and every build starts with.
import { describe, expect, it } from 'vitest';
import { checkContent } from '../../src/content/check.ts';
import { resolveOptions } from '../../src/options.ts';
import { fixture } from '../helpers/fixtures.ts';

describe('checkContent', () => {
  it('returns the entries only when there is no error, warnings or not', async () => {
    const warned = await checkContent(resolveOptions({}, fixture('unknown-key')));
    expect(warned.entries?.professionals.map((professional) => professional.slug)).toEqual(['rossi']);
    expect(warned.problems).toHaveLength(1);
    const broken = await checkContent(resolveOptions({}, fixture('missing-field')));
    expect(broken.entries).toBeUndefined();
    expect(broken.problems).toHaveLength(1);
  });

  it('finds where the loaded content mentions a text, for later stages to place their problems', async () => {
    const { findMention } = await checkContent(resolveOptions({}, fixture('minimal')));
    expect(findMention('content/professionals/rossi.md', 'Maria Rossi')).toBe(2);
  });
});
