// Contatti: heading and text, a card per professional, the social and address cards, then the form.
import type { ComponentProps } from 'react';
import {
  Island,
  PRIVACY_PATH,
  type PageProps,
  type Professional,
  type SiteModel,
} from '../../src/render/for-templates.ts';
import { siteHref } from '../components/site-href.ts';
import { LinkedInLink, PhoneLink } from '../components/ContactLinks.tsx';
import { Prose } from '../components/Prose.tsx';
import { reachHtml } from '../components/reach.tsx';
import ContactsPageForm from '../islands/ContactsPageForm.tsx';
import { Layout } from '../layout/Layout.tsx';

/** Name, role, telephone and LinkedIn of one professional. */
function ProfessionalContactCard({ professional }: { professional: Professional }) {
  return (
    <li className="card contact-card">
      <h2 className="contact-card__title">{professional.name}</h2>
      <p className="contact-card__text">{professional.role}</p>
      <ul className="contact-card__links">
        <li>
          <PhoneLink phone={professional.phone} />
        </li>
        <li>
          <LinkedInLink professional={professional} />
        </li>
      </ul>
    </li>
  );
}

/** The studio's address, with the maps link opening in a new tab as visitors expect to come back. */
function AddressCard({ model }: { model: SiteModel }) {
  const { site, contacts } = model;
  return (
    <li className="card contact-card">
      <h2 className="contact-card__title">{contacts.addressCard.title}</h2>
      <address className="contact-card__text">
        {site.address.street}
        <br />
        {site.address.postalCode} {site.address.city} ({site.address.province})
      </address>
      <a href={site.map.link} target="_blank" rel="noopener">
        {contacts.addressCard.linkText}
        <span className="visually-hidden"> (si apre in una nuova scheda)</span>
      </a>
    </li>
  );
}

/**
 * The form's props for site.yaml `forms.contactsPage`: the spec's form (`log`) gets only the privacy
 * link, as it always has; `notice` gets the notice; `send` the EmailJS ids and, with
 * `forms.contactsOnFailure`, the home form's words before the contacts.
 */
function contactsFormProps({ site, home, contacts, team }: SiteModel): ComponentProps<typeof ContactsPageForm> {
  const { contactsPage, contactsOnFailure } = site.forms;
  const privacyHref = siteHref(site, PRIVACY_PATH);
  if (contactsPage === 'notice') return { privacyHref, mode: 'notice', reach: reachHtml(contacts.formNotice, team) };
  if (contactsPage === 'send')
    return {
      privacyHref,
      mode: 'send',
      emailjs: site.emailjs,
      ...(contactsOnFailure ? { reach: reachHtml(home.formFailureContacts, team) } : {}),
    };
  return { privacyHref };
}

/** The contacts page. */
export function ContactsPage(props: PageProps) {
  const { model } = props;
  const { contacts, site, team } = model;
  return (
    <Layout {...props}>
      <div className="container section">
        <header className="page-header">
          <h1 className="page-title">{contacts.heading}</h1>
          <p className="page-subtitle">{contacts.subtitle}</p>
        </header>
        <Prose className="page-intro" html={contacts.bodyHtml} />
        <ul className="contact-grid">
          {team.map((professional) => (
            <ProfessionalContactCard key={professional.slug} professional={professional} />
          ))}
          <li className="card contact-card">
            <h2 className="contact-card__title">{contacts.socialCard.title}</h2>
            <p className="contact-card__text">{contacts.socialCard.text}</p>
            <a href={site.social.url}>{site.social.label}</a>
          </li>
          <AddressCard model={model} />
        </ul>
        <div className="card contacts-form">
          <Island name="ContactsPageForm" component={ContactsPageForm} props={contactsFormProps(model)} />
        </div>
      </div>
    </Layout>
  );
}
