// The build summary: each route with its HTML size, asset totals, and time per stage.
import type { BuildSuccess } from '../build.ts';
import { plural } from './plural.ts';

type Summarised = Pick<BuildSuccess, 'pages' | 'times' | 'imagesEncoded'> & {
  files: ReadonlyMap<string, { byteLength: number }>;
};

/** `Built 7 pages, 184 kB in 0.21 s` preceded by one line per route (sizes from the output bytes). */
export function formatSummary(result: Summarised, outLabel: string): string {
  const rows = result.pages.map(
    (page) =>
      [page.route.path ?? `(404) ${page.route.file}`, result.files.get(page.route.file)?.byteLength ?? 0] as const,
  );
  const width = Math.max(...rows.map(([label]) => label.length));
  const total = [...result.files.values()].reduce((sum, bytes) => sum + bytes.byteLength, 0);
  const html = rows.reduce((sum, [, bytes]) => sum + bytes, 0);
  const { content, assets, render, total: time } = result.times;
  return [
    ...rows.map(([label, bytes]) => `  ${label.padEnd(width)}  ${formatBytes(bytes).padStart(8)}`),
    `  ${'HTML'.padEnd(width)}  ${formatBytes(html).padStart(8)}`,
    `  ${'assets'.padEnd(width)}  ${formatBytes(total - html).padStart(8)}  (${plural(result.files.size - rows.length, 'file')}${result.imagesEncoded ? `, ${result.imagesEncoded} images encoded` : ''})`,
    `Built ${plural(rows.length, 'page')}, ${formatBytes(total)} in ${(time / 1000).toFixed(2)} s into ${outLabel}/ (content ${ms(content)}, assets ${ms(assets)}, render ${ms(render)}).`,
  ].join('\n');
}

function formatBytes(bytes: number): string {
  return bytes < 1000 ? `${bytes} B` : `${(bytes / 1000).toFixed(1)} kB`;
}

function ms(value: number): string {
  return `${Math.round(value)} ms`;
}
