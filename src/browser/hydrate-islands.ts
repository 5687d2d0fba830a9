// Finds the island markers in server HTML and hydrates each with its component (Preact via the react aliases).
import { createElement, type ComponentType } from 'react';
import { hydrate } from 'react-dom';
import type { IslandName } from '../render/island.tsx';
import { islands } from '../../templates/islands/registry.ts';

/** Hydrates every `[data-island]` marker in the page with the component it names and the props it carries. */
export function hydrateIslands(): void {
  for (const marker of document.querySelectorAll<HTMLElement>('[data-island]')) {
    const name = marker.dataset.island!;
    // An own key only: `in` would also accept inherited names such as "toString". IslandName is the
    // registry's keys, so only hand-written or stale HTML fails it; kept short (budget).
    if (!Object.hasOwn(islands, name)) console.error(`Unknown island "${name}"`);
    // The props are JSON the server rendered this same component with (<Island> always writes them); the cast is the JSON boundary.
    else
      hydrate(
        createElement(
          islands[name as IslandName] as ComponentType<object>,
          JSON.parse(marker.dataset.props!) as object,
        ),
        marker,
      );
  }
}
