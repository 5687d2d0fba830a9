// What an editor does in Sveltia that the browser tests and the guide's screenshots both do: an iPhone photo, put in place of a professional's portrait.
import { writeFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';

/** Writes what an iPhone saves, a HEIC photo: an ISO box whose brand is heic (Chromium cannot decode it, as Sveltia cannot show it). */
export async function writeHeicPhoto(file: string): Promise<void> {
  await writeFile(file, Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(4000, 1)]));
}

/** In the open entry: replaces its first image with `file` through the media dialog. */
export async function replaceImage(page: Page, file: string): Promise<void> {
  await page
    .getByRole('button', { name: /Sostituisci l.immagine/ })
    .first()
    .click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('dialog').getByRole('button', { name: 'Carica' }).click();
  await (await chooser).setFiles(file);
  await page.getByRole('dialog').getByRole('button', { name: 'Inserisci' }).click();
}

/** In the open entry: replaces its first image with `file`, then presses Salva. */
export async function replaceImageAndSave(page: Page, file: string): Promise<void> {
  await replaceImage(page, file);
  await page.getByRole('button', { name: 'Salva', exact: true }).click();
}
