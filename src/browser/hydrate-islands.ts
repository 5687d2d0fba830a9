// Finds the island markers in server HTML and hydrates each with its component (Preact via the react aliases).
import { createElement, type ComponentType } from 'react';
import { hydrate } from 'react-dom';
import type { IslandName } from '../render/island.tsx';
import { islands } from '../../templates/islands/registry.ts';

// An own key only: `in` would also accept inherited names such as "toString".
function isIslandName(name: string | undefined): name is IslandName {
  return name !== undefined && Object.hasOwn(islands, name);
}

/** Hydrates every `[data-island]` marker in the page with the component it names and the props it carries. */
export function hydrateIslands(): void {
  for (const marker of document.querySelectorAll<HTMLElement>('[data-island]')) {
    const name = marker.dataset.island;
    if (!isIslandName(name)) {
      // IslandName is the registry's keys, so only hand-written or stale HTML gets here; kept short (budget).
      console.error(`Unknown island "${name}"`);
      continue;
    }
    // The props are JSON the server rendered this same component with (<Island> always writes them); the cast is the JSON boundary.
    const props = JSON.parse(marker.dataset.props!) as object;
    hydrate(createElement(islands[name] as ComponentType<object>, props), marker);
  }
}
