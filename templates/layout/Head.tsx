// The document <head>: title, description, canonical URL, Open Graph, favicon, stylesheet, script, JSON-LD.
import type { ReactNode } from 'react';
import { absoluteUrl, FAVICON_FILE, TOUCH_ICON_FILE, type PageProps } from '../../src/render/for-templates.ts';
import { siteHref } from '../components/site-href.ts';
import { imageAsset, imageUrl } from '../components/image-asset.ts';
import { JsonLd } from '../components/JsonLd.tsx';
import { organizationData } from '../components/structured-data.ts';

interface HeadProps extends PageProps {
  /** Page-specific elements (image preload, extra JSON-LD), placed before the stylesheet. */
  children?: ReactNode;
}

// Search results cut titles at about 70 characters: the studio name is added only where it fits.
const TITLE_MAX = 70;

function pageTitle(title: string, siteName: string): string {
  const full = `${title} | ${siteName}`;
  return full.length <= TITLE_MAX ? full : title;
}

/** Shared <head>; the 404 page gets `noindex` instead of a canonical URL, as it has no URL of its own. */
export function Head({ model, route, assets, children }: HeadProps) {
  const { site } = model;
  const title = pageTitle(route.title, site.name);
  const url = route.path === null ? undefined : absoluteUrl(site.url, route.path);
  const icon = site.favicon ?? site.logo;
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{title}</title>
      <meta name="description" content={route.description} />
      {url ? <link rel="canonical" href={url} /> : <meta name="robots" content="noindex" />}
      <meta property="og:type" content="website" />
      <meta property="og:locale" content="it_IT" />
      <meta property="og:site_name" content={site.name} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={route.description} />
      {url && <meta property="og:url" content={url} />}
      <meta property="og:image" content={imageUrl(site, assets, model.home.hero.image)} />
      <meta name="theme-color" content="#2c5f59" />
      <link rel="icon" href={siteHref(site, `/${FAVICON_FILE}`)} sizes="32x32" />
      {icon.endsWith('.svg') && <link rel="icon" type="image/svg+xml" href={imageAsset(assets, icon).src} />}
      <link rel="apple-touch-icon" href={siteHref(site, `/${TOUCH_ICON_FILE}`)} />
      {children}
      <link rel="stylesheet" href={assets.stylesheet} />
      <script type="module" src={assets.script} />
      <JsonLd data={organizationData(model, assets)} />
    </head>
  );
}
