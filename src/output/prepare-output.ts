// The output checks a command runs before building: protected folders from the options, recovery of a killed swap.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { PUBLIC_DIR } from '../host/public-files.ts';
import type { ResolvedOptions } from '../options.ts';
import { folderNames } from '../refusals.ts';
import { checkOutputFolder, type OutputGuard } from './output-guard.ts';
import { recoverOutput } from './write-site.ts';

/** What no output may be or contain (the working folder, content, templates, brochure itself), and what it may not sit inside. */
export function outputGuard(options: ResolvedOptions, force = false): OutputGuard {
  const inputs = [options.content, options.templatesDir, path.dirname(options.clientEntry)];
  return {
    protectedFolders: [
      [options.cwd, folderNames.working],
      [options.packageRoot, folderNames.brochure],
      [options.content, folderNames.content],
      [options.templatesDir, folderNames.templates],
      [inputs[2]!, folderNames.browser],
    ],
    inputFolders: inputs,
    force,
    cwd: options.cwd,
  };
}

/**
 * Run before building, so a refused output fails at once (exit 2) rather than after the build, and
 * a site left aside by a killed build is back in place before any message speaks of it.
 */
export async function prepareOutput(out: string, guard: OutputGuard, contentDir?: string): Promise<void> {
  await recoverOutput(out);
  // The files of content/public/ are the build's own too (a CNAME, .well-known/).
  const publicNames = contentDir ? await readdir(path.join(contentDir, PUBLIC_DIR)).catch(() => []) : [];
  await checkOutputFolder(out, guard, new Set(publicNames));
}
