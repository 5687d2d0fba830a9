// Services accordion (WAI-ARIA APG): at most one panel open, each as tall as its content plus 24px.
import { useRef, useState } from 'react';
import { useBrowserLayoutEffect, useHydrated } from './hooks.ts';
import { byId, kept } from './kept.ts';

interface Service {
  id: string;
  title: string;
  /** The duration sentence shown under the description; empty for none. */
  duration: string;
}

interface ServicesAccordionProps {
  services: Service[];
  /**
   * Sanitised description HTML, one per service, given on the server only (`<Island serverProps>`):
   * in the browser each panel's content is read back from the page (`kept`), so it is sent once.
   */
  descriptions?: string[];
}

/** Spec §9: an open panel is its content height plus this many pixels. */
const PANEL_EXTRA_PX = 24;

// Prefixed so a service slug cannot collide with another id on the page. The editor's preview opens the panel of the service being edited (src/cms/browser/editor.ts).
const buttonId = (id: string) => `servizio-${id}-button`;
export const panelId = (id: string) => `servizio-${id}-panel`;

/**
 * The server HTML, and so the first client render, shows every panel expanded (`aria-expanded="true"`,
 * no height): without JavaScript every description is readable and announced as such. Once hydrated,
 * all collapse; the layout effect owns the panels' inline heights, which React never renders.
 * Panels are `<section aria-labelledby>`, which is the APG's `role="region"` natively.
 */
export default function ServicesAccordion({ services, descriptions }: ServicesAccordionProps) {
  const hydrated = useHydrated();
  const [openId, setOpenId] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);

  useBrowserLayoutEffect(() => {
    if (!hydrated || !root.current) return;
    const panels = root.current.querySelectorAll<HTMLElement>('.accordion__panel');
    const fit = () => {
      for (const panel of panels) {
        const open = openId !== null && panel.id === panelId(openId);
        panel.style.height = `${open ? panel.firstElementChild!.clientHeight + PANEL_EXTRA_PX : 0}px`;
      }
    };
    fit();
    if (openId === null) return;
    addEventListener('resize', fit);
    return () => removeEventListener('resize', fit);
  }, [hydrated, openId]);

  return (
    <div ref={root} className="accordion">
      {services.map(({ id, title, duration }, index) => (
        <div key={id} className="accordion__item">
          <h2 className="accordion__heading">
            <button
              type="button"
              id={buttonId(id)}
              className="accordion__button"
              aria-expanded={!hydrated || openId === id}
              aria-controls={panelId(id)}
              onClick={() => setOpenId(openId === id ? null : id)}
            >
              {title}
            </button>
          </h2>
          <section id={panelId(id)} className="accordion__panel" aria-labelledby={buttonId(id)}>
            <div
              className="accordion__content"
              {...kept(
                !globalThis.BROCHURE_CLIENT && (
                  <>
                    <div dangerouslySetInnerHTML={{ __html: descriptions![index]! }} />
                    {duration ? <p className="accordion__duration">{duration}</p> : null}
                  </>
                ),
                () => byId(panelId(id)).firstElementChild!,
              )}
            />
          </section>
        </div>
      ))}
    </div>
  );
}
