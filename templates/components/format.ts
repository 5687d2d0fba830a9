// Italian wording the templates derive from content values: dates, session lengths, link targets.
import type { Service } from '../../src/render/for-templates.ts';

const MONTHS = [
  'gennaio',
  'febbraio',
  'marzo',
  'aprile',
  'maggio',
  'giugno',
  'luglio',
  'agosto',
  'settembre',
  'ottobre',
  'novembre',
  'dicembre',
];

/** `2019` -> "2019", `2019-10` -> "ottobre 2019", `2019-10-01` -> "1 ottobre 2019" (content validates the shape). */
export function formatDate(value: string): string {
  const [year, month, day] = value.split('-');
  if (month === undefined) return value;
  const monthYear = `${MONTHS[Number(month) - 1]} ${year}`;
  return day === undefined ? monthYear : `${Number(day)} ${monthYear}`;
}

/** The sentence the accordion shows with each service; empty when the service states no duration. */
export function durationSentence(duration: Service['duration']): string {
  if (duration === undefined) return '';
  return duration === 'caso per caso'
    ? 'Durata e frequenza delle sedute vengono concordate caso per caso.'
    : `Durata di ogni seduta: ${duration} minuti`;
}

/** A `tel:` URL; dialers want the digits without the spaces people write for readability. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/\s+/g, '')}`;
}

/** A phone number as shown: non-breaking spaces keep it on one line. */
export function phoneText(phone: string): string {
  return phone.replace(/ /g, '\u00a0');
}
