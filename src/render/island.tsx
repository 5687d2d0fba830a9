// <Island>: server-renders an interactive component inside a marker the client script hydrates.
import type { ComponentType } from 'react';

/** Island names the client can hydrate; `templates/islands/registry.ts` maps each to its component. */
export type IslandName = 'SiteNav' | 'CookieConsent' | 'ServicesAccordion' | 'ContactForm' | 'ContactsPageForm' | 'ReviewsLoader' | 'MapEmbed';

interface IslandProps<P extends object> {
  name: IslandName;
  component: ComponentType<P>;
  /** JSON-plain props: they travel to the browser in `data-props`. */
  props: P;
}

/**
 * Wraps the component's server HTML in `<div data-island data-props>`; the stylesheet gives
 * `[data-island]` `display: contents`, so the wrapper never affects layout.
 */
export function Island<P extends object>({ name, component: Component, props }: IslandProps<P>) {
  return (
    <div data-island={name} data-props={JSON.stringify(props)}>
      <Component {...props} />
    </div>
  );
}
