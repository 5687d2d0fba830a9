// The page template of each route kind, as the render stage looks them up.
import type { PageTemplates } from '../../src/render/for-templates.ts';
import { ContactsPage } from './ContactsPage.tsx';
import { HomePage } from './HomePage.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { PercorsiPage } from './PercorsiPage.tsx';
import { PrivacyPage } from './PrivacyPage.tsx';
import { ProfessionalPage } from './ProfessionalPage.tsx';

/** One component per `RouteKind`. */
export const pages = {
  home: HomePage,
  contacts: ContactsPage,
  services: PercorsiPage,
  privacy: PrivacyPage,
  professional: ProfessionalPage,
  'not-found': NotFoundPage,
} satisfies PageTemplates;
