// Third-party reviews widget: its script is requested once, when the section nears the viewport.
import { useEffect, useRef } from 'react';

interface ReviewsLoaderProps {
  scriptUrl: string;
  /** The class the widget script looks for to mount into. */
  widgetClass: string;
}

/** How far ahead of the viewport the script starts loading, so the widget is ready when seen. */
const LOAD_AHEAD = '200px';

/** Renders the widget's empty container and injects its script the first time the container comes near. */
export default function ReviewsLoader({ scriptUrl, widgetClass }: ReviewsLoaderProps) {
  const container = useRef<HTMLDivElement>(null);

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
  }, [scriptUrl]);

  return <div ref={container} className={widgetClass} />;
}
