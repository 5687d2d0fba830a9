// Island name -> component: the client entry hydrates each server-rendered marker through this map.
import type { ComponentType } from 'react';
import type { IslandName } from '../../src/render/island.tsx';
import ContactForm from './ContactForm.tsx';
import ContactsPageForm from './ContactsPageForm.tsx';
import CookieConsent from './CookieConsent.tsx';
import MapEmbed from './MapEmbed.tsx';
import ReviewsLoader from './ReviewsLoader.tsx';
import ServicesAccordion from './ServicesAccordion.tsx';
import SiteNav from './SiteNav.tsx';

/** Every island by the name its `<Island>` marker carries; props are typed by each component, not here. */
export const islands: Record<IslandName, ComponentType<never>> = {
  SiteNav,
  CookieConsent,
  ServicesAccordion,
  ContactForm,
  ContactsPageForm,
  ReviewsLoader,
  MapEmbed,
};
