// The peer `npm run bench` measures brochure against: the same Markdown and front matter as pages with a layout, built by Eleventy.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The Eleventy the figures are measured against; installed by the bench from the npm registry, never a dependency of brochure. */
const VERSION = '3.1.8';

/** Eleventy's command, installed on first use under `cacheRoot` (the bench's cache folder, not brochure's). */
export function installEleventy(cacheRoot: string): string {
  const prefix = path.join(cacheRoot, `eleventy-${VERSION}`);
  const cmd = path.join(prefix, 'node_modules', '@11ty', 'eleventy', 'cmd.cjs');
  if (existsSync(cmd)) return cmd;
  const installed = spawnSync(
    'npm',
    [
      'install',
      '--prefix',
      prefix,
      '--no-save',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      `@11ty/eleventy@${VERSION}`,
    ],
    { encoding: 'utf8' },
  );
  if (installed.status !== 0 || !existsSync(cmd))
    throw new Error(`bench: could not install @11ty/eleventy@${VERSION} from the npm registry:\n${installed.stderr}`);
  return cmd;
}

/**
 * Writes Eleventy's project for `content` under `dir` (input `dir/src`): every Markdown file a page
 * through one Nunjucks layout (head, menu of the listed professionals, title, body), the services on
 * the Percorsi page instead of pages of their own, as brochure renders them. Returns `dir`.
 */
export async function writeEleventyPeer(content: string, dir: string): Promise<string> {
  const src = path.join(dir, 'src');
  await rm(dir, { recursive: true, force: true });
  await mkdir(path.join(src, '_includes'), { recursive: true });
  for (const name of await readdir(content))
    if (name.endsWith('.md') || name === 'professionals' || name === 'services')
      await cp(path.join(content, name), path.join(src, name), { recursive: true });
  await writeFile(path.join(src, 'services', 'services.json'), JSON.stringify({ permalink: false, tags: 'service' }));
  await writeFile(
    path.join(src, '_includes', 'layout.njk'),
    [
      '<!doctype html><html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
      '<title>{{ title or name }}</title><meta name="description" content="{{ description }}"></head><body>',
      '<header><nav><a href="/">Home</a>{% for person in collections.team %}<a href="{{ person.url }}">{{ person.data.name }}</a>{% endfor %}<a href="/percorsi/">Percorsi</a><a href="/contatti/">Contatti</a></nav></header>',
      '<main><h1>{{ title or name }}</h1>{% if role %}<p>{{ role }}</p>{% endif %}{{ content | safe }}',
      '{% if page.fileSlug == "percorsi" %}{% for service in collections.service %}<section><h2>{{ service.data.title }}</h2>{{ service.content | safe }}</section>{% endfor %}{% endif %}',
      '</main><footer>{% for person in collections.team %}<p>{{ person.data.name }}: {{ person.data.phone }} {{ person.data.email }}</p>{% endfor %}</footer></body></html>',
    ].join('\n'),
  );
  await writeFile(
    path.join(dir, 'eleventy.config.mjs'),
    [
      'export default function (config) {',
      "  config.addGlobalData('layout', 'layout.njk');",
      "  config.addCollection('team', (api) => api.getFilteredByGlob('src/professionals/*.md').filter((item) => item.data.listed !== false));",
      "  return { dir: { input: 'src', output: '_site' } };",
      '}',
    ].join('\n'),
  );
  return dir;
}
