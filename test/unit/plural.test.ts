// plural: one wording for counts in every report (errors, compliance, build summary).
import { describe, expect, it } from 'vitest';
import { plural } from '../../src/cli/plural.ts';

describe('plural', () => {
  it('adds an s to every count but one', () => {
    expect(plural(1, 'warning')).toBe('1 warning');
    expect(plural(2, 'warning')).toBe('2 warnings');
    expect(plural(0, 'file')).toBe('0 files');
  });
});
