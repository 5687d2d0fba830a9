// Cookie banner and preferences dialog (spec §4, contract §5 and §7).
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { readConsent, writeConsent, type Consent } from './consent-store.ts';
import { byId, kept } from './kept.ts';

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
function AcceptRejectButtons() {
  return (
    <>
      <button type="button" className="button button--primary" value="all">
        Accetta tutti
      </button>
      <button type="button" className="button button--primary" value="none">
        Rifiuta tutti
      </button>
    </>
  );
}

/** The dialog's two choice boxes, by the category each one sets (the necessary one is fixed). */
const boxes = (dialog: HTMLDialogElement) =>
  dialog.querySelectorAll<HTMLInputElement & { name: keyof Consent }>('input[name]');

/**
 * The banner is server-rendered hidden (the server cannot know the visitor's choice) and shown by an
 * effect when no valid choice is stored. Anything carrying `data-consent-open`, the footer button
 * and the banner's 'Personalizza', opens the modal dialog. The wording is static markup the script
 * reads back from the page (`kept`): each button says what it does in its `value`, and one click
 * handler on the banner and one on the dialog act on it; the boxes are set when the dialog opens
 * and read when the choice is saved.
 */
export default function CookieConsent({ privacyHref, maxAgeDays }: CookieConsentProps) {
  const [bannerShown, setBannerShown] = useState(false);
  // The stored choice only seeds the boxes when the dialog opens, so it never needs a render.
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
      // Spec §4: the boxes start from the current consent, whatever was ticked and not saved before.
      for (const box of boxes(dialog.current)) box.checked = consent.current[box.name];
      dialog.current.showModal();
    };
    document.addEventListener('click', open);
    return () => document.removeEventListener('click', open);
  }, []);

  const choose = (next: Consent) => {
    writeConsent(next);
    consent.current = next;
    setBannerShown(false);
    dialog.current!.close();
  };

  const act = (event: MouseEvent<HTMLElement>) => {
    const box = dialog.current!;
    // The body fills the dialog box, so only a click on the backdrop targets the dialog itself.
    if (event.target === box) return box.close();
    const action = (event.target as Element).closest('button')?.value;
    if (action === 'close') box.close();
    else if (action === 'save')
      choose({
        ...consent.current,
        ...Object.fromEntries([...boxes(box)].map(({ name, checked }) => [name, checked])),
      });
    else if (action) choose(action === 'all' ? ALL : NONE);
  };

  const returnFocus = () => {
    // The banner's 'Personalizza' is gone after a choice (no client rects); focus then stays where the browser puts it.
    if (opener.current?.getClientRects().length) opener.current.focus();
  };

  return (
    <>
      <section
        className="consent-banner"
        aria-label="Consenso ai cookie"
        hidden={!bannerShown}
        onClick={act}
        {...kept(
          !globalThis.BROCHURE_CLIENT && (
            <>
              <p className="consent-banner__text">
                {BANNER_TEXT}
                <a href={privacyHref} target="_blank" rel="noopener">
                  Informativa privacy<span className="visually-hidden"> (si apre in una nuova scheda)</span>
                </a>
              </p>
              <div className="consent-actions">
                <AcceptRejectButtons />
                <button type="button" className="button button--secondary" data-consent-open="">
                  Personalizza
                </button>
              </div>
            </>
          ),
          () => document.querySelector('.consent-banner')!,
        )}
      />
      <dialog
        ref={dialog}
        className="consent-dialog"
        aria-labelledby="consent-dialog-title"
        onClick={act}
        onClose={returnFocus}
      >
        <div
          className="consent-dialog__body"
          {...kept(
            !globalThis.BROCHURE_CLIENT && (
              <>
                <h2 id="consent-dialog-title" className="consent-dialog__title">
                  Preferenze cookie
                </h2>
                <button type="button" className="consent-dialog__close" aria-label="Chiudi" value="close">
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
                    <input type="checkbox" name="analytics" />
                    Analitici
                  </label>
                  <label>
                    <input type="checkbox" name="marketing" />
                    Marketing
                  </label>
                </fieldset>
                <div className="consent-actions">
                  <button type="button" className="button button--secondary" value="save">
                    Salva preferenze
                  </button>
                  <AcceptRejectButtons />
                </div>
              </>
            ),
            () => byId('consent-dialog-title').parentElement!,
          )}
        />
      </dialog>
    </>
  );
}
