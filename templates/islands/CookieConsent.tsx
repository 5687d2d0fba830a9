// Cookie banner and preferences dialog (spec §4, contract §5 and §7).
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { readConsent, writeConsent, type Consent } from './consent-store.ts';

interface CookieConsentProps {
  privacyHref: string;
  /** site.yaml `consent.maxAgeDays`: an older stored choice counts as none, so the banner asks again. */
  maxAgeDays?: number;
}

const NONE: Consent = { analytics: false, marketing: false };
const ALL: Consent = { analytics: true, marketing: true };

// One string, trailing space included: React's static markup merges adjacent text, Preact would split it.
const BANNER_TEXT =
  'Usiamo cookie tecnici necessari al funzionamento del sito e, solo con il tuo consenso, cookie analitici e di marketing. ' +
  'Puoi cambiare idea in ogni momento da «Preferenze cookie» in fondo alla pagina. ';

/** Accept and reject, the two choices of equal weight; each row places its secondary button around them. */
function AcceptRejectButtons({ choose }: { choose: (next: Consent) => void }) {
  return (
    <>
      <button type="button" className="button button--primary" onClick={() => choose(ALL)}>
        Accetta tutti
      </button>
      <button type="button" className="button button--primary" onClick={() => choose(NONE)}>
        Rifiuta tutti
      </button>
    </>
  );
}

/**
 * The banner is server-rendered hidden (the server cannot know the visitor's choice) and shown by an
 * effect when no valid choice is stored. Anything carrying `data-consent-open`, the footer button
 * and the banner's 'Personalizza', opens the modal dialog.
 */
export default function CookieConsent({ privacyHref, maxAgeDays }: CookieConsentProps) {
  const [bannerShown, setBannerShown] = useState(false);
  const [draft, setDraft] = useState(NONE);
  // The stored choice only seeds the draft when the dialog opens, so it never needs a render.
  const consent = useRef(NONE);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const stored = readConsent(maxAgeDays);
    if (stored) consent.current = stored;
    else setBannerShown(true);
    const open = (event: Event) => {
      const trigger = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-consent-open]') : null;
      if (!trigger || !dialog.current) return;
      // Safari does not focus a clicked button, so remember the trigger itself rather than activeElement.
      opener.current = trigger;
      setDraft(consent.current);
      dialog.current.showModal();
    };
    document.addEventListener('click', open);
    return () => document.removeEventListener('click', open);
  }, []);

  const choose = (next: Consent) => {
    writeConsent(next);
    consent.current = next;
    setBannerShown(false);
    dialog.current?.close();
  };

  const closeOnBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    // The body fills the dialog box, so only a click on the backdrop targets the dialog itself.
    if (event.target === event.currentTarget) event.currentTarget.close();
  };

  const returnFocus = () => {
    // The banner's 'Personalizza' is gone after a choice (no client rects); focus then stays where the browser puts it.
    if (opener.current?.getClientRects().length) opener.current.focus();
  };

  return (
    <>
      <section className="consent-banner" aria-label="Consenso ai cookie" hidden={!bannerShown}>
        <p className="consent-banner__text">
          {BANNER_TEXT}
          <a href={privacyHref} target="_blank" rel="noopener">
            Informativa privacy<span className="visually-hidden"> (si apre in una nuova scheda)</span>
          </a>
        </p>
        <div className="consent-actions">
          <AcceptRejectButtons choose={choose} />
          <button type="button" className="button button--secondary" data-consent-open="">
            Personalizza
          </button>
        </div>
      </section>
      <dialog ref={dialog} className="consent-dialog" aria-labelledby="consent-dialog-title" onClick={closeOnBackdrop} onClose={returnFocus}>
        <div className="consent-dialog__body">
          <h2 id="consent-dialog-title" className="consent-dialog__title">
            Preferenze cookie
          </h2>
          <button type="button" className="consent-dialog__close" aria-label="Chiudi" onClick={() => dialog.current?.close()}>
            ×
          </button>
          <p>Scegli quali cookie consentire. I cookie necessari sono sempre attivi perché il sito funzioni.</p>
          <fieldset className="consent-options">
            <legend className="visually-hidden">Categorie di cookie</legend>
            <label>
              <input type="checkbox" defaultChecked disabled />
              Necessari
            </label>
            <label>
              <input type="checkbox" checked={draft.analytics} onChange={(event) => setDraft({ ...draft, analytics: event.currentTarget.checked })} />
              Analitici
            </label>
            <label>
              <input type="checkbox" checked={draft.marketing} onChange={(event) => setDraft({ ...draft, marketing: event.currentTarget.checked })} />
              Marketing
            </label>
          </fieldset>
          <div className="consent-actions">
            <button type="button" className="button button--secondary" onClick={() => choose(draft)}>
              Salva preferenze
            </button>
            <AcceptRejectButtons choose={choose} />
          </div>
        </div>
      </dialog>
    </>
  );
}
