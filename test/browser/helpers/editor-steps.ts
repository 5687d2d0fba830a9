// What an editor does in Sveltia that the browser tests and the guide's screenshots both do: a photo put in place of a professional's portrait.
import type { Page } from 'playwright-core';

/** In the open entry: replaces its first image with `file` through the media dialog. */
export async function replaceImage(page: Page, file: string): Promise<void> {
  await page
    .getByRole('button', { name: /Sostituisci l.immagine/ })
    .first()
    .click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('dialog').getByRole('button', { name: 'Carica' }).click();
  await (await chooser).setFiles(file);
  // Listed once read (a HEIC takes a moment to decode), picked and not yet saved.
  await page.getByRole('dialog').getByText('Non salvato', { exact: true }).waitFor();
  await page.getByRole('dialog').getByRole('button', { name: 'Inserisci' }).click();
}
