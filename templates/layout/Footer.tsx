// Site footer: the studio, one contact block per listed professional, copyright, privacy and cookie links.
import { PRIVACY_PATH, type Professional, type SiteModel } from '../../src/render/for-templates.ts';
import { siteHref } from '../components/site-href.ts';
import { LinkedInLink, PhoneLink } from '../components/ContactLinks.tsx';

/** Role, phone, e-mail, LinkedIn, partita IVA (DPR 633/1972 art. 35) and registration with the order of one professional. */
function ProfessionalContacts({ professional }: { professional: Professional }) {
  return (
    <section className="site-footer__block">
      <h2 className="site-footer__heading">{professional.name}</h2>
      <p className="site-footer__role">{professional.role}</p>
      <ul className="site-footer__list">
        <li>
          <span className="site-footer__label">Telefono</span> <PhoneLink phone={professional.phone} />
        </li>
        <li>
          <span className="site-footer__label">E-mail</span>{' '}
          <a href={`mailto:${professional.email}`}>{professional.email}</a>
        </li>
        <li>
          <LinkedInLink professional={professional} />
        </li>
        {professional.vat && <li>{`P. IVA ${professional.vat}`}</li>}
        <li>{professional.registration}</li>
      </ul>
    </section>
  );
}

/**
 * Everything per person comes from `model.team`, so a new listed professional gets a block with no
 * template change. The cookie button is static markup: the CookieConsent island listens for
 * clicks on `[data-consent-open]` anywhere in the page.
 */
export function Footer({ model }: { model: SiteModel }) {
  const { site, team } = model;
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section className="site-footer__block">
          <h2 className="site-footer__heading site-footer__heading--studio">{site.name}</h2>
          <p className="site-footer__role">{site.subtitle}</p>
          <ul className="site-footer__list">
            <li>
              <a href={site.social.url}>{site.social.label}</a>
            </li>
          </ul>
        </section>
        {team.map((professional) => (
          <ProfessionalContacts key={professional.slug} professional={professional} />
        ))}
      </div>
      <div className="container">
        <div className="site-footer__bottom">
          <p>
            © {site.copyrightYear} {site.name}
          </p>
          <a href={siteHref(site, PRIVACY_PATH)}>Informativa sulla privacy</a>
          <button type="button" className="link-button" data-consent-open="">
            Preferenze cookie
          </button>
        </div>
      </div>
    </footer>
  );
}
