// Home-page contact form: sends the message by e-mail (spec §4, §5, §7, §8; contract §6).
import { FormFields } from './form-fields.tsx';
import type { EmailJsConfig } from './send-email.ts';
import { StatusMessage, SubmitButton, useSendForm, type Reach } from './send-status.tsx';
import { useHydrated } from './hooks.ts';

interface ContactFormProps {
  emailjs: EmailJsConfig;
  privacyHref: string;
  /** Shown only without JavaScript, when the form cannot send. */
  noscript: string;
  /** Set with site.yaml `forms.contactsOnFailure`: a failure adds how to reach the practice now. */
  reach?: Reach;
}

/**
 * Until hydrated, 'Invia' is disabled: a form without its script would submit by GET and put the
 * visitor's details in the URL. The status paragraph is a live region present from the first paint.
 */
export default function ContactForm({ emailjs, privacyHref, noscript, reach }: ContactFormProps) {
  const hydrated = useHydrated();
  const [status, send] = useSendForm(emailjs);
  const sending = status.phase === 'sending';
  return (
    <form className="contact-form" noValidate onSubmit={send}>
      <p className="contact-form__noscript">{noscript}</p>
      <FormFields idPrefix="contact" privacyHref={privacyHref} />
      <SubmitButton disabled={!hydrated || sending} sending={sending} />
      <StatusMessage status={status} reach={reach} />
    </form>
  );
}
