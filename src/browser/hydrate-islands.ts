// Finds the island markers in server HTML and hydrates each with its component (Preact via the react aliases).
import { createElement, type ComponentType } from 'react';
import { hydrate } from 'react-dom';
import type { IslandName } from '../render/island.tsx';
import { islands } from '../../templates/islands/registry.ts';

function isIslandName(name: string | undefined): name is IslandName {
  return name !== undefined && name in islands;
}

/** Hydrates every `[data-island]` marker in the page with the component it names and the props it carries. */
export function hydrateIslands(): void {
  for (const marker of document.querySelectorAll<HTMLElement>('[data-island]')) {
    const name = marker.dataset.island;
    if (!isIslandName(name)) {
      console.error(`Unknown island "${name}": add it to templates/islands/registry.ts.`);
      continue;
    }
    // The props are JSON the server rendered this same component with; the cast is the JSON boundary.
    const props = JSON.parse(marker.dataset.props ?? '{}') as object;
    hydrate(createElement(islands[name] as ComponentType<object>, props), marker);
  }
}
