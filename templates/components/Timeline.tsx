// The vertical timeline of a professional's education and work, oldest entry first as in the content.
import type { TimelineEntry } from '../../src/render/for-templates.ts';
import { formatDate } from './format.ts';
import { TimelineIcon } from './TimelineIcon.tsx';

/** "ottobre 2019", "2019 – 2021" or "2021 – in corso", each date machine-readable. */
function EntryDate({ date, end }: Pick<TimelineEntry, 'date' | 'end'>) {
  const start = <time dateTime={date}>{formatDate(date)}</time>;
  if (end === undefined) return start;
  return (
    <>
      {start} – {end === 'in corso' ? end : <time dateTime={end}>{formatDate(end)}</time>}
    </>
  );
}

/** Section headed 'Percorso Formativo e Professionale' with one list item per entry. */
export function Timeline({ entries }: { entries: TimelineEntry[] }) {
  return (
    <section className="timeline-section" aria-labelledby="timeline-title">
      <h2 id="timeline-title" className="section-title">
        Percorso Formativo e Professionale
      </h2>
      <ol className="timeline">
        {entries.map((entry, index) => (
          <li key={index} className={`timeline__item timeline__item--${entry.type}`}>
            <span className="timeline__marker">
              <TimelineIcon type={entry.type} />
            </span>
            <p className="timeline__date">
              <EntryDate date={entry.date} end={entry.end} />
            </p>
            <h3 className="timeline__title">{entry.title}</h3>
            {entry.place && <p className="timeline__place">{entry.place}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}
