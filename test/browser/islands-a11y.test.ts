// axe-core finds no violation with the banner, the dialog, the open menu and dropdown, and an open panel.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { everyIsland } from './helpers/fixtures.ts';
import { htmlDocument } from './helpers/pages.ts';
import { useIslandSession } from './helpers/session.ts';

const session = useIslandSession();

interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: unknown[] }[];
}

beforeAll(async () => {
  // Served like any script, so the page's CSP (no inline script) stays on while axe runs.
  const source = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  session.harness.serve('/axe.js', source, 'text/javascript');
});

/** Runs every axe rule (best practices included) and returns the violations, one line each. */
async function violations(page: Page): Promise<string[]> {
  await page.addScriptTag({ url: '/axe.js' });
  const found = (await page.evaluate(() =>
    (window as unknown as { axe: { run(): Promise<{ violations: unknown[] }> } }).axe
      .run()
      .then((result) => result.violations),
  )) as AxeViolation[];
  return found.map(
    ({ id, help, nodes }) => `${id}: ${help} (${nodes.map((node) => JSON.stringify(node.target)).join(', ')})`,
  );
}

const openPage = (width: number) =>
  session.open(`/a11y-${width}`, htmlDocument({ body: everyIsland(session.harness.origin) }), {
    viewport: { width, height: 900 },
    reducedMotion: 'reduce',
  });

describe('accessibility (axe-core)', () => {
  it('narrow: banner, open menu, open dropdown and an open panel', async () => {
    const { page } = await openPage(800);
    await page.getByRole('region', { name: 'Consenso ai cookie' }).waitFor();
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Chi Siamo' }).click();
    await page.getByRole('button', { name: 'Consulenza e percorsi in sessuologia' }).click();
    await page.getByRole('button', { name: 'Invia' }).first().click();
    expect(await violations(page)).toEqual([]);
  });

  it('wide: banner, hovered dropdown and an open panel', async () => {
    const { page } = await openPage(1280);
    await page.getByRole('region', { name: 'Consenso ai cookie' }).waitFor();
    await page.getByRole('button', { name: 'Sostegno psicologico individuale, di coppia e familiare' }).click();
    await page.getByRole('button', { name: 'Chi Siamo' }).hover();
    expect(await violations(page)).toEqual([]);
  });

  it('the preferences dialog open over the page', async () => {
    const { page } = await openPage(1280);
    await page.getByRole('button', { name: 'Personalizza' }).click();
    await page.getByRole('dialog', { name: 'Preferenze cookie' }).waitFor();
    expect(await violations(page)).toEqual([]);
  });
});
