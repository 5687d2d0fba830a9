// Contact links the footer, the contacts page and the profile pages share.
import type { Professional } from '../../src/render/for-templates.ts';
import { phoneText, telHref } from './format.ts';

/** A telephone number as a `tel:` link, shown kept on one line. */
export function PhoneLink({ phone }: { phone: string }) {
  return <a href={telHref(phone)}>{phoneText(phone)}</a>;
}

/** "LinkedIn" as shown; screen readers hear whose profile it is, as several can sit on one page. */
export function LinkedInLink({ professional }: { professional: Pick<Professional, 'linkedin' | 'name'> }) {
  return (
    <a href={professional.linkedin}>
      LinkedIn<span className="visually-hidden"> di {professional.name}</span>
    </a>
  );
}
