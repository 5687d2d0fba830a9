// Vitest global setup of the browser tests: one headless Chromium per run, which every test file connects to (launching one per file cost about a second of CPU each).
import { chromium as playwright } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { chromiumLaunchOptions } from '../browser/helpers/browser.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await playwright.launchServer({ ...(await chromiumLaunchOptions()), host: '127.0.0.1' });
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}
