// The map frame of the home page; with a consent gate, a placeholder until marketing consent or a click.
import { ConsentPlaceholder, useConsentGate, type ConsentGate } from './consent-gate.tsx';

interface MapEmbedProps {
  src: string;
  title: string;
  gate?: ConsentGate;
}

/** Without a gate the page renders this statically (no island, no script), exactly as an iframe. */
export default function MapEmbed({ src, title, gate }: MapEmbedProps) {
  const [allowed, allow] = useConsentGate(gate);
  if (gate && !allowed)
    return <ConsentPlaceholder gate={gate} onLoad={allow} className="consent-placeholder contact-block__map" />;
  // `loading` before `src`: Preact sets properties in this order, and a frame given its src first may load eagerly.
  return (
    <iframe
      className="contact-block__map"
      loading="lazy"
      referrerPolicy="no-referrer-when-downgrade"
      src={src}
      title={title}
    />
  );
}
