// The type marker of a timeline entry: a graduation cap for study, a briefcase for work.
import type { TimelineEntry } from '../../src/render/for-templates.ts';

const LABELS: Record<TimelineEntry['type'], string> = {
  study: 'Formazione',
  work: 'Esperienza professionale',
};

/** Inline SVG named for screen readers, since the icon is the only place the entry's type shows. */
export function TimelineIcon({ type }: { type: TimelineEntry['type'] }) {
  return (
    <svg
      className="timeline__icon"
      role="img"
      aria-label={LABELS[type]}
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {type === 'study' ? (
        <>
          <path d="M2 9.5 12 5l10 4.5L12 14z" />
          <path d="M6 11.5V16c0 1.7 2.7 3 6 3s6-1.3 6-3v-4.5" />
          <path d="M22 9.5V15" />
        </>
      ) : (
        <>
          <rect x="3" y="7" width="18" height="13" rx="2" />
          <path d="M9 7V5a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v2" />
          <path d="M3 13h18" />
        </>
      )}
    </svg>
  );
}
