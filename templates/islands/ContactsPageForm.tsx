// Contacts-page form: by default it sends nothing and logs its state when consent is ticked (spec §2, §5);
// site.yaml `forms.contactsPage` can make it show a notice instead, or send like the home form.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormFields, hasConsent, readMessage } from './form-fields.tsx';
import type { EmailJsConfig } from './send-email.ts';
import { StatusMessage, SubmitButton, useSendForm, type Reach } from './send-status.tsx';

interface ContactsPageFormProps {
  privacyHref: string;
  /** Absent: the spec's form, which only logs. `notice`: a submit shows `reach`. `send`: sends through `emailjs`. */
  mode?: 'notice' | 'send';
  emailjs?: EmailJsConfig;
  /** The notice (`notice`), or what a failure adds (`send` with `forms.contactsOnFailure`). */
  reach?: Reach;
}

/** 'Invia' stays disabled until the privacy box is ticked, in every mode; a submit then logs, notifies or sends. */
export default function ContactsPageForm({ privacyHref, mode, emailjs, reach }: ContactsPageFormProps) {
  const [consent, setConsent] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const [status, send, setStatus] = useSendForm(emailjs);

  // History navigation can restore a ticked box before the script runs.
  useEffect(() => {
    if (form.current) setConsent(hasConsent(form.current));
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!hasConsent(event.currentTarget)) return;
    if (mode === 'send') void send(event);
    else if (mode) setStatus({ phase: 'notice' });
    else console.log({ ...readMessage(event.currentTarget), consent: true });
  };

  const sending = status.phase === 'sending';
  // A sent form is reset, which unticks the box without a change event.
  return (
    <form
      ref={form}
      className="contact-form"
      noValidate
      onSubmit={submit}
      onChange={(event) => setConsent(hasConsent(event.currentTarget))}
      onReset={() => setConsent(false)}
    >
      <FormFields idPrefix="contacts-page" privacyHref={privacyHref} />
      <SubmitButton disabled={!consent || sending} sending={sending} />
      {mode && <StatusMessage status={status} reach={reach} />}
    </form>
  );
}
