// Third-party reviews widget: its script is requested once, when the section nears the viewport.
import { useEffect, useRef } from 'react';
import { ConsentPlaceholder, useConsentGate, type ConsentGate } from './consent-gate.tsx';

interface ReviewsLoaderProps {
  scriptUrl: string;
  /** The class the widget script looks for to mount into. */
  widgetClass: string;
  /** Set when the widget must wait for marketing consent (site.yaml `privacy.thirdPartyNeedsConsent`). */
  gate?: ConsentGate;
}

/** How far ahead of the viewport the script starts loading, so the widget is ready when seen. */
const LOAD_AHEAD = '200px';

/** Renders the widget's empty container and injects its script the first time the container comes near. */
export default function ReviewsLoader({ scriptUrl, widgetClass, gate }: ReviewsLoaderProps) {
  const container = useRef<HTMLDivElement>(null);
  const [allowed, allow] = useConsentGate(gate);

  // Re-run when the gate opens: only then does the container exist.
  useEffect(() => {
    if (!container.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        // Disconnecting first makes the load one-shot however often the section scrolls past.
        observer.disconnect();
        const script = document.createElement('script');
        script.src = scriptUrl;
        script.async = true;
        document.head.append(script);
      },
      { rootMargin: LOAD_AHEAD },
    );
    observer.observe(container.current);
    return () => observer.disconnect();
  }, [allowed]);

  if (gate && !allowed) return <ConsentPlaceholder gate={gate} onLoad={allow} />;
  return <div ref={container} className={widgetClass} />;
}
