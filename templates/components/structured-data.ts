// Schema.org descriptions of the practice and of each professional, embedded as JSON-LD.
import { absoluteUrl, type AssetManifest, type Professional, type SiteModel } from '../../src/render/for-templates.ts';
import { imageUrl } from './image-asset.ts';

// One @id lets every profile page point `worksFor` at the same organisation node.
function organizationId(siteUrl: string): string {
  return absoluteUrl(siteUrl, '/#studio');
}

/** The practice as a MedicalBusiness: address, telephone, logo and the listed professionals. */
export function organizationData(model: SiteModel, assets: AssetManifest): object {
  const { site, team } = model;
  return {
    '@context': 'https://schema.org',
    '@type': 'MedicalBusiness',
    '@id': organizationId(site.url),
    name: site.name,
    description: site.description,
    url: absoluteUrl(site.url, '/'),
    logo: imageUrl(site, assets, site.logo),
    image: imageUrl(site, assets, model.home.hero.image),
    // The practice has no switchboard: the first listed professional's number is its main line.
    telephone: team[0]?.phone,
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.address.street,
      postalCode: site.address.postalCode,
      addressLocality: site.address.city,
      addressRegion: site.address.province,
      addressCountry: site.address.country,
    },
    sameAs: [site.social.url],
    employee: team.map((professional) => ({
      '@type': 'Person',
      name: professional.name,
      jobTitle: professional.role,
      url: absoluteUrl(site.url, professional.path),
    })),
  };
}

/** One professional as a Person who works for the practice. */
export function personData(professional: Professional, model: SiteModel, assets: AssetManifest): object {
  const { site } = model;
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: professional.name,
    jobTitle: professional.role,
    description: professional.description,
    url: absoluteUrl(site.url, professional.path),
    image: imageUrl(site, assets, professional.photo.image),
    telephone: professional.phone,
    email: professional.email,
    sameAs: [professional.linkedin],
    knowsAbout: professional.specialisation,
    worksFor: { '@id': organizationId(site.url) },
  };
}
