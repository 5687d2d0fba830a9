// The fields both contact forms share (spec §2, §5; contract §5 wording) and how their values are read.
import { byId, kept } from './kept.ts';

/** The contact message of spec §3: every field a string, empty when not filled in. */
export interface ContactMessage {
  name: string;
  surname: string;
  email: string;
  phone: string;
  message: string;
}

interface FormFieldsProps {
  /** Keeps ids unique if both forms ever share a page. */
  idPrefix: string;
  privacyHref: string;
}

const INPUTS = [
  { name: 'name', label: 'Nome *', type: 'text', autoComplete: 'given-name', required: true },
  { name: 'surname', label: 'Cognome *', type: 'text', autoComplete: 'family-name', required: true },
  { name: 'email', label: 'Email *', type: 'email', autoComplete: 'email', required: true },
  { name: 'phone', label: 'Telefono', type: 'tel', autoComplete: 'tel', required: false },
] as const;

/**
 * Labelled inputs, the message textarea and the required privacy checkbox; the forms add `noValidate`.
 * Static markup: in one plain `<div>` (no box of its own in the layout), which the script reads back
 * from the page (`kept`) rather than carrying the labels and the privacy wording.
 */
export function FormFields({ idPrefix, privacyHref }: FormFieldsProps) {
  const id = `${idPrefix}-fields`;
  return (
    <div
      id={id}
      {...kept(
        !globalThis.BROCHURE_CLIENT && (
          <>
            {INPUTS.map(({ name, label, type, autoComplete, required }) => (
              <div key={name} className="form-field">
                <label htmlFor={`${idPrefix}-${name}`}>{label}</label>
                <input
                  id={`${idPrefix}-${name}`}
                  name={name}
                  type={type}
                  autoComplete={autoComplete}
                  required={required}
                />
              </div>
            ))}
            <div className="form-field">
              <label htmlFor={`${idPrefix}-message`}>Messaggio *</label>
              <textarea id={`${idPrefix}-message`} name="message" rows={5} required />
            </div>
            <div className="form-consent">
              <input id={`${idPrefix}-privacy`} name="privacy" type="checkbox" required />
              <label htmlFor={`${idPrefix}-privacy`}>
                Dichiaro di aver letto l'
                <a href={privacyHref} target="_blank" rel="noopener">
                  informativa sulla privacy<span className="visually-hidden"> (si apre in una nuova scheda)</span>
                </a>
                {' e autorizzo il trattamento dei miei dati personali ai sensi del Regolamento UE 2016/679. *'}
              </label>
            </div>
          </>
        ),
        () => byId(id),
      )}
    />
  );
}

/** The message fields of a form rendered with `FormFields`. */
export function readMessage(form: HTMLFormElement): ContactMessage {
  const data = new FormData(form);
  const text = (name: keyof ContactMessage) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  return {
    name: text('name'),
    surname: text('surname'),
    email: text('email'),
    phone: text('phone'),
    message: text('message'),
  };
}

/** Whether the privacy checkbox of a form rendered with `FormFields` is ticked. */
export function hasConsent(form: HTMLFormElement): boolean {
  // FormFields always renders the box.
  return (form.elements.namedItem('privacy') as HTMLInputElement).checked;
}
