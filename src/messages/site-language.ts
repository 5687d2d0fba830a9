// A value a site.yaml declares (its `language`, its `host`), read leniently; its own module so that commands that report nothing never load yaml.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';

/** The raw `field` of `<contentDir>/site.yaml`; undefined when the file is missing or not YAML (its errors are the build's to report). */
export async function declared(contentDir: string, field: 'language' | 'host'): Promise<unknown> {
  let site: unknown;
  try {
    site = parse(await readFile(path.join(contentDir, 'site.yaml'), 'utf8'));
  } catch {
    return undefined;
  }
  return typeof site === 'object' && site !== null ? (site as Record<string, unknown>)[field] : undefined;
}
