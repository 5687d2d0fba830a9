// Every page of the built sample site passes html-validate with the repository's .htmlvalidate.json.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HtmlValidate, type ConfigData } from 'html-validate';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite, type BuildSuccess } from '../../src/build.ts';
import { resolveOptions } from '../../src/options.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const config = JSON.parse(readFileSync(path.join(root, '.htmlvalidate.json'), 'utf8')) as ConfigData;
let build: BuildSuccess;

beforeAll(async () => {
  const result = await buildSite(
    resolveOptions({ content: path.join(root, 'content'), out: path.join(root, 'unused-dist') }),
  );
  if (!result.ok) throw new Error(result.problems.map((problem) => problem.message).join('\n'));
  build = result;
});

describe('HTML validity', () => {
  it('finds no html-validate error in any page', async () => {
    const validator = new HtmlValidate(config);
    for (const page of build.pages) {
      const report = await validator.validateString(page.html, page.route.file);
      const messages = report.results.flatMap((result) =>
        result.messages.map((message) => `${message.ruleId}: ${message.message}`),
      );
      expect.soft(messages, page.route.file).toEqual([]);
    }
  });
});
