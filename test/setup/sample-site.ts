// Vitest global setup of the browser tests: the sample site is built and served once per run, and every test file shares it.
import type { TestProject } from 'vitest/node';
import { startSampleSite } from '../browser/helpers/start-site.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const site = await startSampleSite();
  project.provide('sampleSite', { url: site.url, out: site.out });
  return () => site.stop();
}
