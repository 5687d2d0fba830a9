// `brochure watch` when content/ itself is replaced: moved away and back, restored from a copy, a link re-pointed.
import { execFileSync } from 'node:child_process';
import { cp, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/files.ts';
import { waiting } from '../helpers/eventually.ts';
import { copySampleContent, startWatch, type WatchProcess } from '../helpers/watch-process.ts';

// Generous: a loaded machine may take seconds to deliver file events and rebuild.
const eventually = waiting({ within: 20_000, every: 50 });
const SERVICE = path.join('services', '02-sessuologia.md');
const TITLE = 'Consulenza e percorsi in sessuologia';

let watch: WatchProcess | undefined;
afterEach(async () => {
  await watch?.stop();
  watch = undefined;
});

/** Starts watch in `project` and returns a wait for /percorsi to list `title`, resolving to the page. */
async function watching(project: string) {
  watch = await startWatch(['--port', '0', '--lang', 'en'], project);
  const { url } = watch;
  return (title: string) =>
    eventually(`/percorsi to list "${title}"`, async () => {
      const page = await (await fetch(`${url}/percorsi`)).text();
      return page.includes(title) ? page : undefined;
    });
}

/** Gives the service of `folder` a new title. */
async function retitle(folder: string, title: string): Promise<void> {
  const file = path.join(folder, SERVICE);
  await writeFile(file, (await readFile(file, 'utf8')).replace(/^title: .*$/m, `title: ${title}`));
}

describe('watch notices content/ itself replaced', { timeout: 90_000 }, () => {
  it('rebuilds after content/ is moved away and back, and after it is restored from a copy, and sees saves after', async () => {
    const project = await tempDir('brochure-watch-root-');
    await copySampleContent(project);
    const content = path.join(project, 'content');
    const lists = await watching(project);
    await lists(TITLE);
    // Moved away and straight back (a backup tool), then a save in it.
    await rename(content, path.join(project, 'away'));
    await rename(path.join(project, 'away'), content);
    await retitle(content, 'Sessuologia, dopo il ritorno');
    await lists('Sessuologia, dopo il ritorno');
    // A file in content/ itself too: its folder is the one chokidar stopped watching.
    const home = path.join(content, 'home.md');
    await writeFile(home, (await readFile(home, 'utf8')).replace(/^heading: .*$/m, 'heading: Di nuovo qui'));
    await eventually('the new heading', async () =>
      (await (await fetch(`${watch!.url}/`)).text()).includes('Di nuovo qui') ? true : undefined,
    );
    // Moved away for a while (`git stash -u`): the build misses the files, and says so.
    await rename(content, path.join(project, 'away'));
    await eventually('the missing content reported', () =>
      watch!.output.stderr.includes('site.yaml') ? true : undefined,
    );
    await retitle(path.join(project, 'away'), 'Sessuologia, ritornata');
    await rename(path.join(project, 'away'), content);
    await lists('Sessuologia, ritornata');
    await retitle(content, 'Sessuologia, salvata dopo');
    await lists('Sessuologia, salvata dopo');
    // Removed and restored from a copy: another folder under the same name.
    await cp(content, path.join(project, 'copy'), { recursive: true });
    await retitle(path.join(project, 'copy'), 'Sessuologia, dalla copia');
    execFileSync('rm', ['-rf', content]);
    await rename(path.join(project, 'copy'), content);
    await lists('Sessuologia, dalla copia');
    await retitle(content, 'Sessuologia, salvata nella copia');
    await lists('Sessuologia, salvata nella copia');
  });

  it('follows content re-pointed with `ln -sfn`, then saves in the new target, not the old', async () => {
    const project = await tempDir('brochure-watch-link-');
    await copySampleContent(project);
    const one = path.join(project, 'one');
    const two = path.join(project, 'two');
    await rename(path.join(project, 'content'), one);
    await cp(one, two, { recursive: true });
    await retitle(two, 'Sessuologia, seconda cartella');
    execFileSync('ln', ['-s', 'one', 'content'], { cwd: project });
    const lists = await watching(project);
    await lists(TITLE);
    execFileSync('ln', ['-sfn', 'two', 'content'], { cwd: project });
    await lists('Sessuologia, seconda cartella');
    await retitle(two, 'Sessuologia, salvata in two');
    await lists('Sessuologia, salvata in two');
    // The old target is no longer watched: a service added there never reaches the site.
    await writeFile(
      path.join(one, 'services', '99-solo-in-one.md'),
      '---\ntitle: Solo in one\nduration: 50\n---\n\nTesto.\n',
    );
    await retitle(two, 'Sessuologia, ultima in two');
    const page = await lists('Sessuologia, ultima in two');
    expect(page).not.toContain('Solo in one');
  });
});
