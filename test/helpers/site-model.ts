// A project's site model as the build makes it (content read, validated, bodies rendered), for the tests of what reads the model.
import path from 'node:path';
import { loadContent } from '../../src/content/load.ts';
import { validateContent } from '../../src/content/validate.ts';
import { formatReport } from '../../src/errors.ts';
import { renderMarkdownBodies } from '../../src/model/markdown.ts';
import { buildModel, markdownBodies, type SiteModel } from '../../src/model/site-model.ts';
import { tempDir } from './files.ts';

/** The model of the project in `project` (a folder holding `content/`); throws on any problem, or any error with `allowWarnings`. */
export async function modelOf(project: string, { allowWarnings = false } = {}): Promise<SiteModel> {
  const { entries, problems } = validateContent(await loadContent(path.join(project, 'content'), project));
  const refused = allowWarnings ? problems.filter((problem) => problem.severity === 'error') : problems;
  if (!entries || refused.length > 0) throw new Error(`the project must be valid:\n${formatReport(problems, 'en')}`);
  return buildModel(entries, await renderMarkdownBodies(markdownBodies(entries), await tempDir()));
}
