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
 * storage refused) or is older than `maxAgeDays`.
 */
export function readConsent(maxAgeDays?: number): Consent | null {
  try {
    const record = JSON.parse(localStorage.getItem(CONSENT_KEY) ?? 'null') as {
      date?: unknown;
      consent?: { necessary?: unknown; analytics?: unknown; marketing?: unknown };
    } | null;
    const consent = record?.consent;
    if (
      typeof record?.date !== 'string' ||
      Number.isNaN(Date.parse(record.date)) ||
      consent?.necessary !== true ||
      typeof consent.analytics !== 'boolean' ||
      typeof consent.marketing !== 'boolean' ||
      Date.now() - Date.parse(record.date) > (maxAgeDays ?? Infinity) * DAY_MS
    ) {
      return null;
    }
    return { analytics: consent.analytics, marketing: consent.marketing };
  } catch {
    return null;
  }
}

/** Stores the choice with the current time; a browser that refuses storage keeps it for this visit only. */
export function writeConsent(consent: Consent): void {
  try {
    localStorage.setItem(CONSENT_KEY, JSON.stringify({ date: new Date().toISOString(), consent: { necessary: true, ...consent } }));
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
