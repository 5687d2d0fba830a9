// How a path appears in messages: relative to the working folder when inside it, else absolute.
import path from 'node:path';

/** `content/home.md` for a file under `cwd`, the absolute path for one elsewhere; always `/`-separated. */
export function displayPath(absolute: string, cwd = process.cwd()): string {
  const relative = path.relative(cwd, absolute);
  if (relative === '') return '.';
  // `../../tmp/site/content/home.md` says less than the absolute path it stands for.
  const shown = relative.startsWith('..') || path.isAbsolute(relative) ? absolute : relative;
  return toPosix(shown);
}

/** A platform path with `/` separators, as output paths and messages use. */
export function toPosix(file: string): string {
  return file.split(path.sep).join('/');
}
