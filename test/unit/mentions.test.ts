// mentionFinder: the line of a content file that mentions a text, from the loaded entries (the file is not read again).
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/load.ts';
import { mentionFinder, type FindMention } from '../../src/content/mentions.ts';
import { tempDir, writeTree } from '../helpers/files.ts';

/** A finder over `files` (content paths) loaded as a build loads them; the files are deleted before it is used. */
async function finderFor(files: Record<string, string>): Promise<FindMention> {
  const cwd = await tempDir();
  await writeTree(cwd, Object.fromEntries(Object.entries(files).map(([file, text]) => [`content/${file}`, text])));
  const { entries } = await loadContent(path.join(cwd, 'content'), cwd);
  await rm(path.join(cwd, 'content'), { recursive: true });
  return mentionFinder(entries);
}

describe('mentionFinder', () => {
  it('finds a body line below the front matter, blank lines included', async () => {
    const find = await finderFor({
      'home.md': '---\ntitle: Home\ndescription: d\n---\n\nIntro.\n\nVedi [x](/non-esiste).\n',
    });
    expect(find('content/home.md', '/non-esiste')).toBe(8);
  });

  it('finds a front-matter value, and a line inside a literal block', async () => {
    const find = await finderFor({
      'contatti.md': '---\ntitle: Contatti\ncta: /vecchia\nnote: |\n  Prima riga\n  Vedi /sparita\n---\nCorpo.\n',
    });
    expect(find('content/contatti.md', '/vecchia')).toBe(3);
    expect(find('content/contatti.md', '/sparita')).toBe(6);
  });

  it('finds a value of site.yaml, whose lines are the file lines', async () => {
    const find = await finderFor({ 'site.yaml': 'name: Studio\nsocial:\n  label: x\n  url: /pagina-social\n' });
    expect(find('content/site.yaml', '/pagina-social')).toBe(4);
  });

  it('counts lines as the editor shows them in a file saved with CRLF endings and a byte-order mark', async () => {
    const find = await finderFor({ 'privacy.md': '\uFEFF---\r\ntitle: Privacy\r\n---\r\nRiga uno.\r\nLink /x-y.\r\n' });
    expect(find('content/privacy.md', '/x-y')).toBe(5);
  });

  it('answers undefined for a text no file mentions, and for a file that was not loaded', async () => {
    const find = await finderFor({ 'home.md': '---\ntitle: Home\n---\nTesto.\n' });
    expect(find('content/home.md', '/altrove')).toBeUndefined();
    expect(find('content/contatti.md', 'Testo')).toBeUndefined();
  });
});
