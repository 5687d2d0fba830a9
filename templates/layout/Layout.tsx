// The one document shell every page renders through: head, skip link, header, main, footer, consent.
import type { ReactNode } from 'react';
import { Island, PRIVACY_PATH, type PageProps } from '../../src/render/for-templates.ts';
import CookieConsent from '../islands/CookieConsent.tsx';
import { Footer } from './Footer.tsx';
import { Head } from './Head.tsx';
import { Header } from './Header.tsx';
import { siteHref } from '../components/site-href.ts';

interface LayoutProps extends PageProps {
  /** Extra <head> elements for this page only. */
  head?: ReactNode;
  children?: ReactNode;
}

/**
 * `<html lang="it">` with the page's content inside `<main id="main">`, the skip link's target.
 * `data-route` tells the client script which kind of page it runs on (profiles open at the top);
 * `data-metrics-endpoint`, present only when site.yaml sets `metrics`, lets it report Web Vitals there.
 */
export function Layout({ model, route, assets, head, children }: LayoutProps) {
  return (
    <html lang="it">
      <Head model={model} route={route} assets={assets}>
        {head}
      </Head>
      <body data-route={route.kind} data-metrics-endpoint={model.site.metrics?.endpoint}>
        <a className="skip-link" href="#main">
          Salta al contenuto
        </a>
        <Header model={model} assets={assets} currentPath={route.path} />
        <main id="main">{children}</main>
        <Footer model={model} />
        <Island
          name="CookieConsent"
          component={CookieConsent}
          props={{ privacyHref: siteHref(model.site, PRIVACY_PATH), maxAgeDays: model.site.consent.maxAgeDays }}
        />
      </body>
    </html>
  );
}
