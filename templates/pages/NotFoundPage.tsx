// 404: the shared layout around an empty main, as the spec shows no content for unknown paths.
import type { PageProps } from '../../src/render/for-templates.ts';
import { Layout } from '../layout/Layout.tsx';

/** Header, footer and consent only. */
export function NotFoundPage(props: PageProps) {
  return <Layout {...props} />;
}
