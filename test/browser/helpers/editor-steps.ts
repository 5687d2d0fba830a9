// What an editor does in Sveltia that the browser tests and the guide's screenshots both do: a photo put in place of a professional's portrait, a change backed up.
import type { Page } from 'playwright-core';
import { waiting } from '../../helpers/eventually.ts';

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

/**
 * Waits until Sveltia has backed up the entry she is typing in (IndexedDB, half a second after the
 * last key), whichever backend's database holds it. A save within that half second leaves the backup
 * behind it, and the next opening of the entry asks whether to restore it.
 */
export async function waitForBackup(page: Page, slug: string): Promise<void> {
  await waiting({ within: 20_000, every: 50 })('the draft backup', () =>
    page.evaluate(async (key) => {
      for (const { name } of await indexedDB.databases()) {
        const found = await new Promise<boolean>((resolve) => {
          const open = indexedDB.open(name!);
          open.onerror = () => resolve(false);
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('draft-backups')) return resolve(db.close() ?? false);
            const get = db.transaction('draft-backups').objectStore('draft-backups').getAllKeys();
            get.onsuccess = () =>
              resolve(db.close() ?? get.result.some((keys) => Array.isArray(keys) && keys[1] === key));
            get.onerror = () => resolve(db.close() ?? false);
          };
        });
        if (found) return true;
      }
      return undefined;
    }, slug),
  );
}
