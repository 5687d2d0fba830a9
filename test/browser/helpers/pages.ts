// Builds test pages the way the site does: islands server-rendered by React inside their <Island> markers.
import { createElement, type ComponentProps } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Island, type IslandName } from '../../../src/render/island.tsx';
import { islands } from '../../../templates/islands/registry.ts';

/** Each island's props, by island name. */
export type IslandProps = { [N in IslandName]: ComponentProps<(typeof islands)[N]> };

/** The server HTML of one island, marker included; `serverProps` are rendered but not sent (as `<Island serverProps>`). */
export function island<N extends IslandName>(
  name: N,
  props: IslandProps[N],
  serverProps?: Partial<IslandProps[N]>,
): string {
  return renderToStaticMarkup(createElement(Island<N>, { name, component: islands[name], props, serverProps }));
}

interface DocumentOptions {
  body: string;
  /** `data-route` on <body>, as the layout sets it. */
  route?: string;
  /** Which client bundle to load: the real entry, the hydration probe, or none (no JavaScript). */
  script?: 'hydrate' | 'probe' | null;
}

/** A complete HTML document around `body`, with the island styles and one module script. */
export function htmlDocument({ body, route = 'home', script = 'hydrate' }: DocumentOptions): string {
  const tag = script ? `<script type="module" src="/static/js/${script}.js"></script>` : '';
  return `<!doctype html><html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Prova isole</title><link rel="stylesheet" href="/static/css/harness.css"><link rel="stylesheet" href="/static/css/islands.css"></head><body data-route="${route}">${body}${tag}</body></html>`;
}
