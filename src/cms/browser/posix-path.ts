// What `node:path` resolves to in the editor's browser script: the POSIX helpers the content checks call on `images/…` paths.

function basename(file: string, ext?: string): string {
  const name = file.replace(/\/+$/, '').split('/').pop() ?? '';
  return ext && name.endsWith(ext) && name !== ext ? name.slice(0, -ext.length) : name;
}

function dirname(file: string): string {
  const trimmed = file.replace(/\/+$/, '');
  const at = trimmed.lastIndexOf('/');
  return at === -1 ? '.' : at === 0 ? '/' : trimmed.slice(0, at);
}

function extname(file: string): string {
  const name = basename(file);
  const at = name.lastIndexOf('.');
  return at <= 0 ? '' : name.slice(at);
}

function normalize(file: string): string {
  const absolute = file.startsWith('/');
  const parts: string[] = [];
  for (const part of file.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..' && parts.length > 0 && parts.at(-1) !== '..') parts.pop();
    else if (part !== '..' || !absolute) parts.push(part);
  }
  return `${absolute ? '/' : ''}${parts.join('/')}` || (absolute ? '/' : '.');
}

function join(...parts: string[]): string {
  return normalize(parts.filter(Boolean).join('/'));
}

const posix = {
  basename,
  dirname,
  extname,
  normalize,
  join,
  sep: '/',
  isAbsolute: (file: string) => file.startsWith('/'),
};

export default { ...posix, posix };
