// Island name -> component: the client entry hydrates each server-rendered marker through this map,
// and `IslandName` (src/render/island.tsx) is its list of keys.
import type { ComponentType } from 'react';
import ContactForm from './ContactForm.tsx';
import ContactsPageForm from './ContactsPageForm.tsx';
import CookieConsent from './CookieConsent.tsx';
import MapEmbed from './MapEmbed.tsx';
import ReviewsLoader from './ReviewsLoader.tsx';
import ServicesAccordion from './ServicesAccordion.tsx';
import SiteNav from './SiteNav.tsx';

/** Every island by the name its `<Island>` marker carries; `satisfies` keeps each component's own props type. */
export const islands = {
  SiteNav,
  CookieConsent,
  ServicesAccordion,
  ContactForm,
  ContactsPageForm,
  ReviewsLoader,
  MapEmbed,
} satisfies Record<string, ComponentType<never>>;
