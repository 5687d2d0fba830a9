// The sites `npm run bench` builds (S, L, XL) and its command-line flags (`--scales`, `--runs`).
import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { generateBigSite } from './big-site.ts';

/** S is the real site's shape (the sample content); L and XL add generated professionals and services. */
export const SCALES = {
  S: { professionals: 0, services: 0, label: 'S (2 professionals + 9 services)' },
  L: { professionals: 1000, services: 1000, label: 'L (1,000 + 1,000)' },
  XL: { professionals: 5000, services: 1000, label: 'XL (5,000 + 1,000)' },
} as const;

export type Scale = keyof typeof SCALES;

/**
 * `--scales S,L` (default all three), `--runs N` (whole-process builds per figure, default 5) and `--host H`
 * (the `host:` the generated sites name, so a build writes what that host reads; default none, as the sample).
 */
export function benchFlags(): { scales: Scale[]; runs: number; host: string | undefined } {
  const { values } = parseArgs({
    options: {
      scales: { type: 'string', default: 'S,L,XL' },
      runs: { type: 'string', default: '5' },
      host: { type: 'string' },
    },
    strict: false,
  });
  const scales = String(values.scales)
    .split(',')
    .map((name) => name.trim().toUpperCase());
  for (const name of scales) if (!(name in SCALES)) throw new Error(`bench: unknown scale "${name}"; use S, L or XL`);
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('bench: --runs takes a whole number of at least 1');
  const host = typeof values.host === 'string' ? values.host : undefined;
  return { scales: scales as Scale[], runs, host };
}

/** Writes the site of `scale` under `dir` (content in `dir/content`), naming `host` in its site.yaml when given. */
export async function generateScale(dir: string, scale: Scale, host?: string): Promise<void> {
  await generateBigSite(dir, SCALES[scale].professionals, SCALES[scale].services);
  if (host) await appendFile(path.join(dir, 'content', 'site.yaml'), `\nhost: ${host}\n`);
}
