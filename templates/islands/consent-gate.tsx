// Third-party content that waits for marketing consent: the hook that decides, and the placeholder shown meanwhile.
import { useEffect, useState } from 'react';
import { onConsent, readConsent, type Consent } from './consent-store.ts';

/** Set when site.yaml's `privacy.thirdPartyNeedsConsent` is true; the wording comes from the server, not the bundle. */
export interface ConsentGate {
  /** What loading the content implies, in Italian. */
  notice: string;
  /** Label of the button that loads the content for this page view only. */
  load: string;
  /** site.yaml `consent.maxAgeDays`: an older stored choice does not count. */
  maxAgeDays?: number;
}

/**
 * Whether gated content may load, and the function that allows it once. Without a gate it may from
 * the start (spec §2). With one, the server renders the placeholder and the first client render
 * matches it; the effect then switches on a stored marketing consent, or on one given later in this page.
 * Withdrawing consent takes effect from the next page view: what is loaded stays.
 */
export function useConsentGate(gate: ConsentGate | undefined): [allowed: boolean, allow: () => void] {
  const [allowed, setAllowed] = useState(!gate);
  useEffect(() => {
    if (!gate) return;
    const allowOnMarketing = (consent: Consent | null) => {
      if (consent?.marketing) setAllowed(true);
    };
    allowOnMarketing(readConsent(gate.maxAgeDays));
    return onConsent(allowOnMarketing);
  }, []);
  return [allowed, () => setAllowed(true)];
}

interface ConsentPlaceholderProps {
  gate: ConsentGate;
  onLoad: () => void;
  /** Classes of the box, `consent-placeholder` included. */
  className?: string;
}

/** The notice, a button that loads the content once, and one that opens the cookie preferences (via CookieConsent). */
export function ConsentPlaceholder({ gate, onLoad, className = 'consent-placeholder' }: ConsentPlaceholderProps) {
  return (
    <div className={className}>
      <p>{gate.notice}</p>
      <button type="button" className="button button--primary" onClick={onLoad}>
        {gate.load}
      </button>
      <button type="button" className="link-button" data-consent-open="">
        Modifica le preferenze sui cookie
      </button>
    </div>
  );
}
