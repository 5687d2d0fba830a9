// Tells a component whether it runs interactively: false on the server and in the first client render.
import { useLayoutEffect, useState } from 'react';

/**
 * False until the component has mounted in the browser. Islands render their no-JavaScript state
 * while it is false, so the first client render equals the server HTML (Preact hydration does not diff);
 * the layout effect switches before the browser paints again.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useLayoutEffect(() => setHydrated(true), []);
  return hydrated;
}
