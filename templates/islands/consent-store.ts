// Reads and writes the consent record in localStorage (contract §7); storage may be missing or refuse access.

/** The two optional categories; `necessary` is always true and never stored as a choice. */
export interface Consent {
  analytics: boolean;
  marketing: boolean;
}

/** localStorage key of the consent record (spec §9). */
const CONSENT_KEY = 'pss-consent-v1';

const DAY_MS = 86_400_000;

/** Islands waiting for a choice made in this page (third-party embeds load on marketing consent). */
const listeners = new Set<(consent: Consent) => void>();

/**
 * Returns the stored choice, or null when there is none or it cannot be trusted (missing, malformed,
 * storage refused) or is older than `maxAgeDays`. A missing record or consent throws while destructuring,
 * and an unreadable date makes the age NaN, which is never within the limit: both end in null.
 */
export function readConsent(maxAgeDays = Infinity): Consent | null {
  try {
    const { date, consent } = JSON.parse(localStorage.getItem(CONSENT_KEY)!) as {
      date: unknown;
      consent: Record<string, unknown>;
    };
    const { necessary, analytics, marketing } = consent;
    return typeof date === 'string' &&
      necessary === true &&
      typeof analytics === 'boolean' &&
      typeof marketing === 'boolean' &&
      Date.now() - Date.parse(date) <= maxAgeDays * DAY_MS
      ? { analytics, marketing }
      : null;
  } catch {
    return null;
  }
}

/** Stores the choice with the current time; a browser that refuses storage keeps it for this visit only. */
export function writeConsent(consent: Consent): void {
  try {
    localStorage.setItem(
      CONSENT_KEY,
      JSON.stringify({ date: new Date().toISOString(), consent: { necessary: true, ...consent } }),
    );
  } catch {
    // Storage disabled or full: the choice still applies in memory until the page is left.
  }
  for (const listener of listeners) listener(consent);
}

/** Calls `listener` with each choice made from now on in this page; returns the function that stops it. */
export function onConsent(listener: (consent: Consent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
