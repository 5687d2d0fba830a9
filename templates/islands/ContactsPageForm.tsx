// Contacts-page form: sends nothing, it logs its state when consent is ticked (spec §2, §5).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormFields, hasConsent, readMessage } from './form-fields.tsx';

interface ContactsPageFormProps {
  privacyHref: string;
}

/** 'Invia' stays disabled until the privacy box is ticked; a submit then logs the form state. */
export default function ContactsPageForm({ privacyHref }: ContactsPageFormProps) {
  const [consent, setConsent] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  // History navigation can restore a ticked box before the script runs.
  useEffect(() => {
    if (form.current) setConsent(hasConsent(form.current));
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (hasConsent(event.currentTarget)) console.log({ ...readMessage(event.currentTarget), consent: true });
  };

  return (
    <form ref={form} className="contact-form" noValidate onSubmit={submit} onChange={(event) => setConsent(hasConsent(event.currentTarget))}>
      <FormFields idPrefix="contacts-page" privacyHref={privacyHref} />
      <button type="submit" className="button button--primary" disabled={!consent}>
        Invia
      </button>
    </form>
  );
}
