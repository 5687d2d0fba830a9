// Home-page card: photo, name and role of one professional, the whole card linking to the profile.
import type { AssetManifest, Professional } from '../../src/render/for-templates.ts';
import { imageAsset } from './image-asset.ts';
import { Picture } from './Picture.tsx';

interface ProfessionalCardProps {
  professional: Professional;
  assets: AssetManifest;
  /** The profile's URL, under the site's base path. */
  href: string;
}

/** One link per card; the photo is `alt=""` because the name beside it already names the link. */
export function ProfessionalCard({ professional, assets, href }: ProfessionalCardProps) {
  return (
    <a className="card person-card" href={href}>
      <Picture
        className="person-card__photo"
        image={imageAsset(assets, professional.photo.image)}
        alt=""
        sizes="(min-width: 40em) 20rem, calc(100vw - 2rem)"
      />
      <div className="person-card__body">
        <h3 className="person-card__name">{professional.name}</h3>
        <p className="person-card__role">{professional.role}</p>
      </div>
    </a>
  );
}
