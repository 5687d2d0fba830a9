// The props every page template receives, and the asset manifest templates read URLs from.
import type { ComponentType } from 'react';
import type { Route, SiteModel } from '../model/site-model.ts';
import type { RouteKind } from '../routes.ts';

/** One responsive image: `<source>` sets per modern format plus a fallback `<img>`. */
export interface ImageAsset {
  /** Fallback URL (JPEG/PNG, or the SVG itself). */
  src: string;
  /** Fallback `srcset`; empty for SVG. */
  srcset: string;
  width: number;
  height: number;
  /** Modern formats, best first (`image/avif`, `image/webp`); empty for SVG. */
  sources: { type: string; srcset: string }[];
}

/** Hashed URLs of everything under `/static/`, keyed by what templates know. */
export interface AssetManifest {
  /** `/static/css/site.<hash>.css` */
  stylesheet: string;
  /** `/static/js/islands.<hash>.js` */
  script: string;
  /** Keyed by content path, e.g. `images/hero.jpg`. */
  images: Record<string, ImageAsset>;
}

/** What `renderPages` passes to the template of each route. */
export interface PageProps {
  model: SiteModel;
  route: Route;
  assets: AssetManifest;
}

/** `templates/pages/index.ts` exports one component per route kind. */
export type PageTemplates = Record<RouteKind, ComponentType<PageProps>>;

/** The page templates and, when they were imported from a bundle, its file. */
export interface LoadedTemplates {
  pages: PageTemplates;
  bundleFile?: string;
}
