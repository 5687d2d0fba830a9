// Percorsi: introduction, the accordion of services, the callout and the LGBTQIA+ ally badge.
import { Island, type PageProps } from '../../src/render/for-templates.ts';
import { durationSentence } from '../components/format.ts';
import { Prose } from '../components/Prose.tsx';
import { imageAsset } from '../components/image-asset.ts';
import { Picture } from '../components/Picture.tsx';
import ServicesAccordion from '../islands/ServicesAccordion.tsx';
import { Layout } from '../layout/Layout.tsx';

/** The services page; services come in `model.services` order (their `<nn>-` prefix). */
export function PercorsiPage(props: PageProps) {
  const { model, assets } = props;
  const { servicesPage, services } = model;
  const ids = new Set<string>();
  const accordion = services.map((service) => ({
    id: uniqueId(service.slug, service.position, ids),
    title: service.title,
    duration: durationSentence(service.duration),
  }));
  const descriptions = services.map((service) => service.descriptionHtml);
  return (
    <Layout {...props}>
      <div className="container container--narrow section">
        <header className="page-header">
          <h1 className="page-title">{servicesPage.heading}</h1>
        </header>
        <Prose className="page-intro" html={servicesPage.introHtml} />
        <div className="services">
          <Island
            name="ServicesAccordion"
            component={ServicesAccordion}
            props={{ services: accordion }}
            serverProps={{ descriptions }}
          />
        </div>
        <p className="callout">{servicesPage.callout}</p>
        <div className="ally-badge">
          <Picture
            className="ally-badge__flag"
            image={imageAsset(assets, servicesPage.badge.image)}
            alt={servicesPage.badge.alt}
            sizes="5rem"
          />
          <p className="ally-badge__text">{servicesPage.badge.text}</p>
        </div>
      </div>
    </Layout>
  );
}

/**
 * The accordion id of a service: its slug, unless an earlier service has it (`10-colloquio.md` and
 * `11-colloquio.md`), then `<slug>_<nn>`; slugs never hold `_`, so no suffixed id meets a plain one.
 */
function uniqueId(slug: string, position: number, used: Set<string>): string {
  let id = used.has(slug) ? `${slug}_${position}` : slug;
  for (let n = 2; used.has(id); n++) id = `${slug}_${position}_${n}`;
  used.add(id);
  return id;
}
