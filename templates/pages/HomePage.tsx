// Home: hero and heading, introduction, the team's cards, reviews, and the contact form beside the map.
import { Island, PRIVACY_PATH, type PageProps } from '../../src/render/for-templates.ts';
import { Prose } from '../components/Prose.tsx';
import { imageAsset } from '../components/image-asset.ts';
import { ImagePreload } from '../components/ImagePreload.tsx';
import { Picture } from '../components/Picture.tsx';
import { ProfessionalCard } from '../components/ProfessionalCard.tsx';
import { reachHtml } from '../components/reach.tsx';
import { thirdPartyGates } from '../components/consent-gates.ts';
import ContactForm from '../islands/ContactForm.tsx';
import MapEmbed from '../islands/MapEmbed.tsx';
import ReviewsLoader from '../islands/ReviewsLoader.tsx';
import { Layout } from '../layout/Layout.tsx';
import { siteHref } from '../components/site-href.ts';

// The hero is drawn edge to edge at every width.
const HERO_SIZES = '100vw';

/**
 * The home page; its hero is the one image loaded eagerly, preloaded from <head>. The map is an
 * island only when it waits for consent; otherwise it is a plain frame, as the spec has it.
 */
export function HomePage(props: PageProps) {
  const { model, assets } = props;
  const { home, site, team } = model;
  const hero = imageAsset(assets, home.hero.image);
  const gates = thirdPartyGates(site);
  const map = { src: site.map.embedUrl, title: site.map.title, gate: gates.map };
  return (
    <Layout {...props} head={<ImagePreload image={hero} sizes={HERO_SIZES} />}>
      <section className="hero">
        <Picture
          className="hero__image"
          image={hero}
          alt={home.hero.alt}
          sizes={HERO_SIZES}
          loading="eager"
          highPriority
        />
        <div className="container hero__content">
          <h1 className="hero__title">{home.heading}</h1>
          <a className="button button--primary" href="#scrivici">
            {home.form.title}
          </a>
        </div>
      </section>

      <div className="container section">
        <Prose className="prose--lead intro" html={home.introHtml} />
      </div>

      <section className="section section--tinted" aria-labelledby="team-title">
        <div className="container">
          <h2 id="team-title" className="section-title">
            Chi siamo
          </h2>
          <ul className="team-grid">
            {team.map((professional) => (
              <li key={professional.slug}>
                <ProfessionalCard
                  professional={professional}
                  assets={assets}
                  href={siteHref(site, professional.path)}
                />
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="reviews-title">
        <div className="container reviews">
          <h2 id="reviews-title" className="section-title">
            {home.reviews.title}
          </h2>
          <p className="section-subtitle">{home.reviews.subtitle}</p>
          <Island
            name="ReviewsLoader"
            component={ReviewsLoader}
            props={{ scriptUrl: site.reviews.scriptUrl, widgetClass: site.reviews.widgetClass, gate: gates.reviews }}
          />
        </div>
      </section>

      <section id="scrivici" className="section section--sand" aria-labelledby="form-title">
        <div className="container contact-block">
          <div className="card contact-block__form">
            <h2 id="form-title" className="section-title">
              {home.form.title}
            </h2>
            <Island
              name="ContactForm"
              component={ContactForm}
              props={{
                emailjs: site.emailjs,
                privacyHref: siteHref(site, PRIVACY_PATH),
                noscript: home.form.noscript,
                ...(site.forms.contactsOnFailure ? { reach: reachHtml(home.formFailureContacts, team) } : {}),
              }}
            />
          </div>
          {map.gate ? <Island name="MapEmbed" component={MapEmbed} props={map} /> : <MapEmbed {...map} />}
        </div>
      </section>
    </Layout>
  );
}
