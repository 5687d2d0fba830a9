// Home-page contact form: sends the message by e-mail (spec §4, §5, §7, §8; contract §6).
import { useRef, useState, type FormEvent } from 'react';
import { FormFields, readMessage } from './form-fields.tsx';
import { sendEmail, type EmailJsConfig } from './send-email.ts';
import { useHydrated } from './hooks.ts';

interface ContactFormProps {
  emailjs: EmailJsConfig;
  privacyHref: string;
  /** Shown only without JavaScript, when the form cannot send. */
  noscript: string;
}

type Status = { phase: 'idle' | 'sending' | 'success' } | { phase: 'error'; detail: string };

const SUCCESS = 'Messaggio inviato! Ti risponderemo al più presto.';
const FAILURE = "Si è verificato un errore durante l'invio.";
const STATUS_CLASS: Record<Status['phase'], string> = {
  idle: 'form-status',
  sending: 'form-status',
  success: 'form-status form-status--success',
  error: 'form-status form-status--error',
};

/**
 * Until hydrated, 'Invia' is disabled: a form without its script would submit by GET and put the
 * visitor's details in the URL. The status paragraph is a live region present from the first paint.
 */
export default function ContactForm({ emailjs, privacyHref, noscript }: ContactFormProps) {
  const hydrated = useHydrated();
  const [status, setStatus] = useState<Status>({ phase: 'idle' });
  // State updates are asynchronous; the ref stops a second submit before the button re-renders disabled.
  const inFlight = useRef(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    const form = event.currentTarget;
    setStatus({ phase: 'sending' });
    try {
      await sendEmail(emailjs, readMessage(form));
      form.reset();
      setStatus({ phase: 'success' });
    } catch (error) {
      console.error(error);
      setStatus({ phase: 'error', detail: (error instanceof Error && error.message) || 'Errore sconosciuto' });
    } finally {
      inFlight.current = false;
    }
  };

  const sending = status.phase === 'sending';
  const message = status.phase === 'error' ? `${FAILURE} ${status.detail}` : status.phase === 'success' ? SUCCESS : null;
  return (
    <form className="contact-form" noValidate onSubmit={submit}>
      <p className="contact-form__noscript">{noscript}</p>
      <FormFields idPrefix="contact" privacyHref={privacyHref} />
      <button type="submit" className="button button--primary" disabled={!hydrated || sending}>
        {sending ? 'Invio…' : 'Invia'}
      </button>
      <p className={STATUS_CLASS[status.phase]} role="status">
        {message}
      </p>
    </form>
  );
}
