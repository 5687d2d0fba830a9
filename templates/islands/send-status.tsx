// What both contact forms share once they send or answer a submit: the states and messages of spec §4 and §8,
// the live region that shows them, the submit button, and the practice's contacts as a way round the form.
import { useRef, useState, type FormEvent } from 'react';
import { readMessage } from './form-fields.tsx';
import { sendEmail, type EmailJsConfig } from './send-email.ts';

/**
 * How to reach the practice without the form: a sentence from the content, then each listed
 * professional's phone and e-mail links, as HTML the server renders from the content (React escapes
 * it), so the script carries no markup of its own for it (templates/components/reach.tsx).
 */
export type Reach = string;

/** `notice`: the contacts form's answer when it is set to send nothing (site.yaml `forms.contactsPage: notice`). */
export type FormStatus = { phase: 'idle' | 'sending' | 'success' | 'notice' } | { phase: 'error'; detail: string };

const SUCCESS = 'Messaggio inviato! Ti risponderemo al più presto.';
const FAILURE = "Si è verificato un errore durante l'invio.";

/**
 * The send flow of the home form: `send` posts the form's message through EmailJS, resets the form
 * on success, keeps what was typed on failure, and ignores a submit while one is in flight.
 */
export function useSendForm(emailjs?: EmailJsConfig) {
  const [status, setStatus] = useState<FormStatus>({ phase: 'idle' });
  // State updates are asynchronous; the ref stops a second submit before the button re-renders disabled.
  const inFlight = useRef(false);

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    const form = event.currentTarget;
    setStatus({ phase: 'sending' });
    try {
      // Only the forms that send are given the ids.
      await sendEmail(emailjs!, readMessage(form));
      form.reset();
      setStatus({ phase: 'success' });
    } catch (error) {
      console.error(error);
      setStatus({ phase: 'error', detail: (error instanceof Error && error.message) || 'Errore sconosciuto' });
    } finally {
      inFlight.current = false;
    }
  };
  return [status, send, setStatus] as const;
}

/** 'Invia', or 'Invio…' while sending (contract §5). */
export function SubmitButton({ disabled, sending }: { disabled: boolean; sending: boolean }) {
  return (
    <button type="submit" className="button button--primary" disabled={disabled}>
      {sending ? 'Invio…' : 'Invia'}
    </button>
  );
}

/**
 * The live region, present (empty) from the first paint so its messages are announced. `reach`, when
 * given, follows a failure or is the whole notice.
 */
export function StatusMessage({ status, reach }: { status: FormStatus; reach?: Reach }) {
  const { phase } = status;
  return (
    // `form-status--success`, `--error` or `--notice` once there is something to say.
    <p
      className={phase === 'idle' || phase === 'sending' ? 'form-status' : `form-status form-status--${phase}`}
      role="status"
    >
      {phase === 'error' ? `${FAILURE} ${status.detail}` : phase === 'success' ? SUCCESS : null}
      {reach && (phase === 'error' || phase === 'notice') && (
        <span className="form-reach" dangerouslySetInnerHTML={{ __html: reach }} />
      )}
    </p>
  );
}
