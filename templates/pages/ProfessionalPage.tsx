// Profile of one professional: photo, name and role, specialisations, contacts, biography, timeline.
import type { PageProps, Professional } from '../../src/render/for-templates.ts';
import { PhoneLink } from '../components/ContactLinks.tsx';
import { Prose } from '../components/Prose.tsx';
import { imageAsset } from '../components/image-asset.ts';
import { ImagePreload } from '../components/ImagePreload.tsx';
import { JsonLd } from '../components/JsonLd.tsx';
import { Picture } from '../components/Picture.tsx';
import { personData } from '../components/structured-data.ts';
import { Timeline } from '../components/Timeline.tsx';
import { Layout } from '../layout/Layout.tsx';

// The photo is drawn at most 20rem wide (16rem on tablets, too close to need its own size).
const PHOTO_SIZES = '20rem';

/** Telephone and e-mail links, then LinkedIn as the professional-network link. */
function ContactsBox({ professional }: { professional: Professional }) {
  return (
    <section className="card profile-box" aria-labelledby="profile-contacts-title">
      <h2 id="profile-contacts-title" className="profile-box__title">
        Contatti
      </h2>
      <ul className="profile-box__list profile-box__list--plain">
        <li>
          <span className="profile-box__label">Telefono</span> <PhoneLink phone={professional.phone} />
        </li>
        <li>
          <span className="profile-box__label">E-mail</span>{' '}
          <a href={`mailto:${professional.email}`}>{professional.email}</a>
        </li>
      </ul>
      <a className="button button--secondary profile-box__linkedin" href={professional.linkedin}>
        Profilo LinkedIn
      </a>
    </section>
  );
}

/**
 * The photo is this page's first image, so unlike other photos it loads eagerly and is preloaded.
 * Source order is photo, name, boxes, biography: the reading order on a phone; CSS places the
 * boxes under the photo on wide screens.
 */
export function ProfessionalPage(props: PageProps) {
  const { route, assets } = props;
  const professional = route.professional;
  if (!professional)
    throw new Error(`Route ${route.path ?? route.file} is a professional route without a professional`);
  const photo = imageAsset(assets, professional.photo.image);
  const head = (
    <>
      <ImagePreload image={photo} sizes={PHOTO_SIZES} />
      <JsonLd data={personData(professional, props.model, assets)} />
    </>
  );
  return (
    <Layout {...props} head={head}>
      <div className="container section profile">
        <Picture
          className="profile__photo"
          image={photo}
          alt={professional.photo.alt}
          sizes={PHOTO_SIZES}
          loading="eager"
          highPriority
        />
        <header className="profile__header">
          <h1 className="page-title">{professional.name}</h1>
          <p className="page-subtitle">{professional.role}</p>
        </header>
        <div className="profile__aside">
          <section className="card profile-box" aria-labelledby="profile-specialisation-title">
            <h2 id="profile-specialisation-title" className="profile-box__title">
              Aree di specializzazione
            </h2>
            <ul className="profile-box__list">
              {professional.specialisation.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
          <ContactsBox professional={professional} />
        </div>
        <div className="profile__bio">
          <Prose html={professional.biographyHtml} />
          <p className="profile__registration">{professional.registration}</p>
        </div>
      </div>
      {professional.timeline.length > 0 && (
        <div className="section section--tinted">
          <div className="container">
            <Timeline entries={professional.timeline} />
          </div>
        </div>
      )}
    </Layout>
  );
}
