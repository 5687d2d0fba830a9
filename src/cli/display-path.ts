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

/**
 * `displayPath` for many files in a few folders (loading's 2,000 content files at L): each folder is
 * placed against `cwd` once instead of resolving both paths per file. The same strings: a file in a
 * folder inside `cwd` is that folder's relative path, `/`, its name; in a folder elsewhere that is not
 * above `cwd`, its absolute path; in `cwd` or a folder above it (where the file may be `cwd` or one of
 * its folders), whatever `displayPath` says.
 */
export function displayPathsIn(cwd = process.cwd()): (absolute: string) => string {
  // A folder's relative path; `absolute` for one whose files are shown absolute; `ask` for the rest.
  const folders = new Map<string, string>();
  const ABSOLUTE = '\0absolute';
  const ASK = '\0ask';
  return (absolute) => {
    const folder = path.dirname(absolute);
    let shown = folders.get(folder);
    if (shown === undefined) {
      const relative = path.relative(cwd, folder);
      if (relative === '' || relative.split(path.sep).every((part) => part === '..')) shown = ASK;
      else if (relative.startsWith('..') || path.isAbsolute(relative)) shown = ABSOLUTE;
      else shown = toPosix(relative);
      folders.set(folder, shown);
    }
    if (shown === ASK) return displayPath(absolute, cwd);
    return shown === ABSOLUTE ? toPosix(absolute) : `${shown}/${path.basename(absolute)}`;
  };
}
