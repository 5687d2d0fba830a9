// Builds test pages the way the site does: islands server-rendered by React inside their <Island> markers.
import { createElement, type ComponentProps, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Island, type IslandName } from '../../../src/render/island.tsx';
import type ContactForm from '../../../templates/islands/ContactForm.tsx';
import type ContactsPageForm from '../../../templates/islands/ContactsPageForm.tsx';
import type CookieConsent from '../../../templates/islands/CookieConsent.tsx';
import type MapEmbed from '../../../templates/islands/MapEmbed.tsx';
import type ReviewsLoader from '../../../templates/islands/ReviewsLoader.tsx';
import type ServicesAccordion from '../../../templates/islands/ServicesAccordion.tsx';
import type SiteNav from '../../../templates/islands/SiteNav.tsx';
import { islands } from '../../../templates/islands/registry.ts';

/** Each island's props, by island name. */
export interface IslandProps {
  SiteNav: ComponentProps<typeof SiteNav>;
  CookieConsent: ComponentProps<typeof CookieConsent>;
  ServicesAccordion: ComponentProps<typeof ServicesAccordion>;
  ContactForm: ComponentProps<typeof ContactForm>;
  ContactsPageForm: ComponentProps<typeof ContactsPageForm>;
  ReviewsLoader: ComponentProps<typeof ReviewsLoader>;
  MapEmbed: ComponentProps<typeof MapEmbed>;
}

/** The server HTML of one island, marker included. */
export function island<N extends IslandName>(name: N, props: IslandProps[N]): string {
  return renderToStaticMarkup(createElement(Island<IslandProps[N]>, { name, component: islands[name] as ComponentType<IslandProps[N]>, props }));
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
