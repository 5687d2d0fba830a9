// Site header: logo and studio name linking home, the subtitle, and the navigation island.
import { BUILT_IN_PATHS, Island, type AssetManifest, type SiteModel } from '../../src/render/for-templates.ts';
import { imageAsset } from '../components/image-asset.ts';
import { Picture } from '../components/Picture.tsx';
import SiteNav from '../islands/SiteNav.tsx';
import { siteHref } from '../components/site-href.ts';

interface HeaderProps {
  model: SiteModel;
  assets: AssetManifest;
  /** The current route's URL, so the navigation can mark it; `null` on the 404 page. */
  currentPath: string | null;
}

// 'Chi Siamo' is not a page: SiteNav inserts it after Home as the dropdown of `team`.
const LINKS = [
  { label: 'Home', href: BUILT_IN_PATHS.home },
  { label: 'Percorsi', href: BUILT_IN_PATHS.services },
  { label: 'Contatti', href: BUILT_IN_PATHS.contacts },
];

/**
 * The subtitle sits outside the home link so the link's accessible name is the studio name alone;
 * CSS lays both out as one block.
 */
export function Header({ model, assets, currentPath }: HeaderProps) {
  const { site, team } = model;
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <div className="brand">
          <a className="brand__link" href={siteHref(site, BUILT_IN_PATHS.home)}>
            <Picture
              className="brand__logo"
              image={imageAsset(assets, site.logo)}
              alt=""
              sizes="3rem"
              loading="eager"
            />
            <span className="brand__name">{site.name}</span>
          </a>
          <p className="brand__subtitle">{site.subtitle}</p>
        </div>
        <Island
          name="SiteNav"
          component={SiteNav}
          props={{
            links: LINKS.map((link) => ({ ...link, href: siteHref(site, link.href) })),
            team: team.map((professional) => ({ name: professional.name, href: siteHref(site, professional.path) })),
            currentPath: currentPath === null ? null : siteHref(site, currentPath),
          }}
        />
      </div>
    </header>
  );
}
