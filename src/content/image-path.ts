// What is wrong with an image path written in content, worded so the editor knows exactly what to do.
import path from 'node:path';
import type { Text } from '../messages/text.ts';
import { imageProblems } from '../refusals.ts';

const FORMATS = /\.(?:jpe?g|png|webp|avif|svg)$/i;
const SAFE = /^images\/[\w./-]+$/;

/** Undefined for a usable `images/…` path; otherwise what to change. */
export function imagePathProblem(value: string): Text | undefined {
  const name = path.posix.basename(value);
  const stem = name.replace(/\.[^.]*$/, '');
  const ext = path.posix.extname(name);
  if (/^\.(?:heic|heif)$/i.test(ext)) {
    return imageProblems.heicName(value, `${value.slice(0, -ext.length)}.jpg`);
  }
  if (value.startsWith('images/') && FORMATS.test(value) && /\s/.test(value)) {
    const fixed = `${path.posix.dirname(value)}/${stem.trim().replace(/\s+/g, '-')}${ext}`;
    return imageProblems.spaces(value, path.posix.basename(fixed), fixed);
  }
  if (value.startsWith('images/') && FORMATS.test(value) && !SAFE.test(value)) {
    return imageProblems.characters(value);
  }
  if (!value.startsWith('images/') || !FORMATS.test(value) || value.split('/').includes('..')) {
    return imageProblems.path;
  }
  return undefined;
}
