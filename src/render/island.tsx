// <Island>: server-renders an interactive component inside a marker the client script hydrates.
import type { ComponentProps, ComponentType } from 'react';
// Type-only: the server bundles no island through this file, and the registry can import freely.
import type { islands } from '../../templates/islands/registry.ts';

/** Island names the client can hydrate: the keys of `templates/islands/registry.ts`. */
export type IslandName = keyof typeof islands;

interface IslandProps<N extends IslandName> {
  name: N;
  /** The registry's component for `name`, the one the client will hydrate the marker with. */
  component: (typeof islands)[N];
  /** JSON-plain props: they travel to the browser in `data-props`. */
  props: ComponentProps<(typeof islands)[N]>;
  /**
   * Props the server renders with but never sends: rich text the component reads back from its own
   * server HTML on hydration, so a page does not carry it twice.
   */
  serverProps?: Partial<ComponentProps<(typeof islands)[N]>>;
}

/**
 * Wraps the component's server HTML in `<div data-island data-props>`; the stylesheet gives
 * `[data-island]` `display: contents`, so the wrapper never affects layout.
 */
export function Island<N extends IslandName>({ name, component, props, serverProps }: IslandProps<N>) {
  // TypeScript cannot narrow the registry's union of components by the generic name; `props` match `component`.
  const Component = component as ComponentType<object>;
  return (
    <div data-island={name} data-props={JSON.stringify(props)}>
      <Component {...props} {...serverProps} />
    </div>
  );
}
