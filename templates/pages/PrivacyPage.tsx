// Privacy notice: heading, date of the last update and the notice itself.
import type { PageProps } from '../../src/render/for-templates.ts';
import { formatDate } from '../components/format.ts';
import { Prose } from '../components/Prose.tsx';
import { Layout } from '../layout/Layout.tsx';

/** The page the banner and both forms link to. */
export function PrivacyPage(props: PageProps) {
  const { privacy } = props.model;
  return (
    <Layout {...props}>
      <article className="container container--narrow section">
        <header className="page-header">
          <h1 className="page-title">{privacy.heading}</h1>
          <p className="page-subtitle">
            Ultimo aggiornamento: <time dateTime={privacy.updated}>{formatDate(privacy.updated)}</time>
          </p>
        </header>
        <Prose html={privacy.bodyHtml} />
      </article>
    </Layout>
  );
}
