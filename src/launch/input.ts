// Reads what the launch rules need beyond the model: a fingerprint of each image the content refers to.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { SiteModel } from '../model/site-model.ts';
import { imageFingerprint } from './fingerprints.ts';
import type { LaunchInput } from './rules.ts';

/** The launch rules' input for a built model; `contentDir` is the folder `images/…` paths are relative to. */
export async function launchInput(model: SiteModel, contentDir: string): Promise<LaunchInput> {
  const paths = new Set([
    model.site.logo,
    model.home.hero.image,
    model.servicesPage.badge.image,
    ...model.professionals.map((professional) => professional.photo.image),
  ]);
  // The build has just read and encoded each of them, so they exist.
  const images = await Promise.all(
    [...paths].map(async (image) => [image, imageFingerprint(await readFile(path.join(contentDir, image)))] as const),
  );
  return { model, images: new Map(images) };
}
