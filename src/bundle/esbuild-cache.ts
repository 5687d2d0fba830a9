// Runs an esbuild build only when one of its inputs changed since the last run.
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BuildFailure, BuildOptions } from 'esbuild';
import { ContentError, ProblemsError } from '../errors.ts';
import { say } from '../messages/text.ts';
import { hash, producerKey, writeFileAtomicSync } from '../cache-file.ts';
import { displayPath, toPosix } from '../cli/display-path.ts';
import { TYPESCRIPT_SETTINGS } from './typescript.ts';

/** One output file of a cached build: its path relative to the output dir and its bytes. */
export interface BuiltFile {
  path: string;
  contents: Uint8Array;
}

interface CacheRecord {
  key: string;
  /** Every file esbuild read (from its metafile), with a hash of its bytes. */
  inputs: Record<string, string>;
  outputs: { path: string; base64: string }[];
}

function recordFileOf(name: string, cacheDir: string): string {
  return path.join(cacheDir, `${name}.json`);
}

/**
 * Builds with esbuild (write: false) or returns the previous outputs when the options and every
 * input file are unchanged. Every build compiles TypeScript with TYPESCRIPT_SETTINGS. esbuild itself is imported only on a miss: it costs start-up time.
 */
export function cachedBuild(name: string, cacheDir: string, given: BuildOptions): Promise<BuiltFile[]> {
  const options: BuildOptions = { tsconfigRaw: TYPESCRIPT_SETTINGS, ...given };
  const recordFile = recordFileOf(name, cacheDir);
  // esbuild's version and this file's source are part of the key: another esbuild may make other bytes.
  const key = `${producerKey({ packages: ['esbuild'], sources: ['src/bundle/esbuild-cache.ts', 'src/bundle/typescript.ts'] })}\0${JSON.stringify(options)}`;
  // A build asked for again while it runs joins the running one; once settled, the next call checks
  // its inputs afresh, so an edit between two builds is always seen.
  const running = inFlight.get(`${recordFile}\0${key}`);
  if (running) return running;
  const started = buildOrReuse(recordFile, key, options).finally(() => inFlight.delete(`${recordFile}\0${key}`));
  inFlight.set(`${recordFile}\0${key}`, started);
  return started;
}

const inFlight = new Map<string, Promise<BuiltFile[]>>();

async function buildOrReuse(recordFile: string, key: string, options: BuildOptions): Promise<BuiltFile[]> {
  // No record (a first or cold build): esbuild is asked at once. Awaiting a read that can only fail
  // would put the request behind whatever this thread does next (`build` loads its pipeline then):
  // 15–20 ms later into esbuild's process, on the critical path of a cold build.
  const previous = existsSync(recordFile) ? await readRecord(recordFile) : undefined;
  if (previous && previous.key === key && (await inputsUnchanged(previous.inputs))) {
    return previous.outputs.map((output) => ({ path: output.path, contents: Buffer.from(output.base64, 'base64') }));
  }

  const { build } = await import('esbuild');
  const absWorkingDir = options.absWorkingDir ?? process.cwd();
  const result = await build({ ...options, write: false, metafile: true, logLevel: 'silent' }).catch(
    (error: unknown) => {
      throw isBuildFailure(error) ? toProblems(error, absWorkingDir) : error;
    },
  );
  const outdir = path.resolve(absWorkingDir, options.outdir ?? '.');
  // A Buffer view of esbuild's bytes, as a cached record gives: callers comparing two builds (or a
  // build whose record another process replaced meanwhile) see the same type either way.
  const outputs = result.outputFiles.map((file) => ({
    path: toPosix(path.relative(outdir, file.path)),
    contents: Buffer.from(file.contents.buffer, file.contents.byteOffset, file.contents.byteLength),
  }));
  const inputs: Record<string, string> = {};
  // A stdin entry has no file; its contents are already part of the key. Modules a plugin made
  // (`namespace:path`) are no files either.
  const files = Object.keys(result.metafile.inputs).filter(
    (input) => input !== (options.stdin?.sourcefile ?? '<stdin>') && !/^[a-z][\w-]+:/.test(input),
  );
  // Read and written synchronously (a few dozen small files, under 2 ms): on a cold build the thread
  // pool is busy compressing the script and stylesheet (compressAhead), and each of these reads would
  // wait behind that, with the templates bundle, which rendering waits for, behind them.
  for (const input of files) {
    const absolute = path.resolve(absWorkingDir, input);
    inputs[absolute] = hash(readFileSync(absolute));
  }
  const record: CacheRecord = {
    key,
    inputs,
    outputs: outputs.map((output) => ({ path: output.path, base64: Buffer.from(output.contents).toString('base64') })),
  };
  writeFileAtomicSync(recordFile, JSON.stringify(record));
  return outputs;
}

function isBuildFailure(error: unknown): error is BuildFailure {
  return error instanceof Error && Array.isArray((error as Partial<BuildFailure>).errors);
}

/** A template or stylesheet that does not compile is reported like content: file, line, message. */
function toProblems(failure: BuildFailure, absWorkingDir: string): ProblemsError {
  return new ProblemsError(
    failure.errors.map((message) => {
      const file = message.location ? displayPath(path.resolve(absWorkingDir, message.location.file)) : 'templates';
      const text = message.location
        ? say('compileErrorAt', { text: message.text, column: message.location.column + 1 })
        : say('compileError', { text: message.text });
      return new ContentError(file, message.location?.line ?? 0, say('fieldCode'), text);
    }),
  );
}

async function readRecord(file: string): Promise<CacheRecord | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as CacheRecord;
  } catch {
    return undefined;
  }
}

async function inputsUnchanged(inputs: Record<string, string>): Promise<boolean> {
  const checks = await Promise.all(
    Object.entries(inputs).map(async ([file, expected]) => {
      try {
        return hash(await readFile(file)) === expected;
      } catch {
        return false;
      }
    }),
  );
  return checks.every(Boolean);
}
