// Hooks islands share for rendering the same HTML on the server and in the first client render.
import { useEffect, useLayoutEffect, useState } from 'react';

/**
 * `useLayoutEffect` in the browser. On the server no effect ever runs, and React 18 warns about
 * layout effects there, so the server gets the silent `useEffect`.
 */
export const useBrowserLayoutEffect = globalThis.BROCHURE_CLIENT ? useLayoutEffect : useEffect;

/**
 * False until the component has mounted in the browser. Islands render their no-JavaScript state
 * while it is false, so the first client render equals the server HTML (Preact hydration does not diff);
 * the layout effect switches before the browser paints again.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useBrowserLayoutEffect(() => setHydrated(true), []);
  return hydrated;
}
