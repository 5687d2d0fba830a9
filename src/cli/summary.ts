// The build summary: each route with its HTML size, asset totals, and time per stage, in the reader's language.
import type { BuildSuccess } from '../build.ts';
import { counted, render, say, type Language, type Text } from '../messages/text.ts';

type Summarised = Pick<BuildSuccess, 'pages' | 'times' | 'imagesEncoded'> & {
  files: ReadonlyMap<string, { byteLength: number }>;
};

/** `Built 7 pages, 184.0 kB in 0.21 s into dist/ (…)` preceded by one line per route (sizes from the output bytes). */
export function formatSummary(result: Summarised, outLabel: string, language: Language): string {
  const rows = result.pages.map(
    (page) =>
      [page.route.path ?? `(404) ${page.route.file}`, result.files.get(page.route.file)?.byteLength ?? 0] as const,
  );
  const assetsLabel = render(say('summaryAssets'), language);
  const width = Math.max(...rows.map(([label]) => label.length), assetsLabel.length);
  const total = [...result.files.values()].reduce((sum, bytes) => sum + bytes.byteLength, 0);
  const html = rows.reduce((sum, [, bytes]) => sum + bytes, 0);
  const { content, assets, render: rendered, total: time } = result.times;
  const assetFiles: Text[] = [counted(result.files.size - rows.length, 'fileCount', 'filesCount')];
  if (result.imagesEncoded) assetFiles.push(counted(result.imagesEncoded, 'imageEncoded', 'imagesEncoded'));
  const built = say('summaryBuilt', {
    pages: counted(rows.length, 'pageCount', 'pagesCount'),
    size: formatBytes(total),
    seconds: (time / 1000).toFixed(2),
    folder: `${outLabel}/`,
    content: Math.round(content),
    assets: Math.round(assets),
    render: Math.round(rendered),
  });
  return [
    ...rows.map(([label, bytes]) => `  ${label.padEnd(width)}  ${formatBytes(bytes).padStart(8)}`),
    `  ${'HTML'.padEnd(width)}  ${formatBytes(html).padStart(8)}`,
    `  ${assetsLabel.padEnd(width)}  ${formatBytes(total - html).padStart(8)}  (${render({ list: assetFiles }, language)})`,
    render(built, language),
  ].join('\n');
}

function formatBytes(bytes: number): string {
  return bytes < 1000 ? `${bytes} B` : `${(bytes / 1000).toFixed(1)} kB`;
}
