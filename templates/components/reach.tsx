// The way round a contact form: the content's sentence, then each listed professional's phone and e-mail
// links, rendered here to HTML that the forms' live region inserts when it has to say so.
import { renderToStaticMarkup } from 'react-dom/server';
import type { Professional } from '../../src/render/for-templates.ts';
import type { Reach } from '../islands/send-status.tsx';
import { PhoneLink } from './ContactLinks.tsx';

/** `text`, then one line per professional: "Name: phone, e-mail", both links (React escapes the content). */
export function reachHtml(text: string, team: readonly Pick<Professional, 'name' | 'phone' | 'email'>[]): Reach {
  return renderToStaticMarkup(
    <>
      {text}
      {team.map((professional) => (
        <span key={professional.email} className="form-reach__person">
          {professional.name}: <PhoneLink phone={professional.phone} />,{' '}
          <a href={`mailto:${professional.email}`}>{professional.email}</a>
        </span>
      ))}
    </>,
  );
}
