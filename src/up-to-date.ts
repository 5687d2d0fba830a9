// `build` with nothing changed: the record of the last good build into an output folder, checked against every input and the folder itself.
//
// Like Gradle's UP-TO-DATE or a Turborepo cache hit: when every file a build reads is as it was for the
// last successful build into the same folder, the settings are the same, and the folder is exactly as
// that build left it, a new build would write the same bytes again; `build` prints the same report
// instead (README, "Caches"). Any doubt (no record, a file or setting changed, something this module
// cannot vouch for) means a full build. A build that failed is never recorded.
import { createHash } from 'node:crypto';
import { closeSync, existsSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, readlinkSync, readSync, renameSync, statSync, unlinkSync, writeFileSync, type BigIntStats } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ResolvedOptions } from './options.ts';

/** What a build printed: replayed as it was when nothing changed. */
export interface BuildReport {
  stdout: string;
  stderr: string;
}

/**
 * One file or folder as the system describes it: path relative to its tree (`.` for the root), kind,
 * then size, modification and change times (nanoseconds), inode, mode; a regular file changed too
 * recently to trust its times (see `RACY_MARGIN_NS`) also has a hash of its bytes.
 */
type Entry = [path: string, kind: 'file' | 'dir' | 'link' | 'missing', size: string, mtimeNs: string, ctimeNs: string, ino: string, mode: number, hash?: string];

/** The entries of one tree (a folder or a single file), sorted by path. */
interface Tree {
  root: string;
  entries: Entry[];
  /**
   * The output only: when the build's last change to it was done (nanoseconds), its previous output
   * removed. Entries are taken while that removal may still run; see `changedBySettling`.
   */
  settled?: string;
}

interface BuildRecord {
  format: typeof FORMAT;
  /** Every setting that changes what a build writes or prints (`buildSettings`). */
  key: string;
  /** Every input tree, taken before the build read it. */
  inputs: Tree[];
  /** The output folder, taken after the build wrote it. */
  output: Tree;
  report: BuildReport;
}

const FORMAT = 2;

/**
 * A file's times are trusted only once the clock has moved past them: the system stamps files with a
 * coarse clock (one tick, up to 10 ms on Linux), so a file changed again within the tick of the
 * moment it was recorded keeps the same times (git's "racy clean" entries). Such a file's bytes are
 * hashed as well. File systems that keep whole seconds (FAT keeps two) get a margin to match.
 */
const RACY_MARGIN_NS = 20_000_000n;
const RACY_MARGIN_COARSE_NS = 2_000_000_000n;

/** What `checkUpToDate` found, and how to record the build that follows when it found a change. */
export interface UpToDate {
  /** The report of the last build when nothing changed since: print it and build nothing. */
  report?: BuildReport;
  /**
   * After a successful build: records it, with what it printed, when the output holds the folder it
   * put in place (`folder`, its inode: another build into the same folder may have swapped in its
   * own since). Given `removal` (the previous output's, still under way), takes the output now and
   * writes the record once it is done. Never rejects: a record is only a shortcut.
   */
  record(report: BuildReport, folder: bigint, removal?: Promise<unknown>): Promise<void>;
}

/**
 * Whether the build `options` and `settings` describe is up to date in `options.out`. Synchronous,
 * and run before the build reads anything: the inputs are taken now, so any change made while the
 * build runs shows at the next check. When something changed, the previous record is removed at
 * once, so a build that fails leaves no record behind.
 */
export function checkUpToDate(options: ResolvedOptions, settings: Record<string, unknown>): UpToDate {
  const file = recordFile(options);
  const key = JSON.stringify(buildSettings(options, settings));
  const inputs = inputRoots(options).map((root) => takeTree(root));
  const previous = readRecord(file);
  if (previous && previous.key === key && sameTrees(previous.inputs, inputs) && sameTree(previous.output, takeTree(options.out, false))) {
    return { report: previous.report, record: () => Promise.resolve() };
  }
  if (previous) forget(file);
  const write = (output: Tree, report: BuildReport) => {
    try {
      // The clock's next millisecond: the system stamps files from a clock that never runs ahead of it.
      output.settled = String(BigInt(Date.now() + 1) * 1_000_000n);
      const record: BuildRecord = { format: FORMAT, key, inputs, output, report };
      writeRecord(file, JSON.stringify(record));
    } catch {
      forget(file);
    }
  };
  return {
    record(report, folder, removal) {
      let output: Tree;
      try {
        output = takeTree(options.out, 'modified');
      } catch {
        forget(file);
        return Promise.resolve();
      }
      if (!output.entries.some(([relative, kind, , , , ino]) => relative === '.' && kind === 'dir' && ino === String(folder))) return Promise.resolve();
      // Without a removal under way, written at once (synchronously).
      if (!removal) return Promise.resolve(write(output, report));
      return removal.then(
        () => write(output, report),
        () => forget(file),
      );
    },
  };
}

/** Where the record of builds into `options.out` is kept: with the other caches, never in the output. */
export function recordFile(options: Pick<ResolvedOptions, 'cacheDir' | 'out'>): string {
  return path.join(options.cacheDir, 'up-to-date', `${createHash('sha256').update(options.out).digest('hex').slice(0, 24)}.json`);
}

/**
 * Everything besides the files that changes the output or the report: the resolved options (paths,
 * `--quiet`), the caller's settings (the CLI's bundle, every flag as given), the working folder (paths
 * in messages are relative to it), Node and its libraries (zlib, brotli: the compressed files), and the
 * environment the build reads (NODE_ENV picks React's build; HOME is a folder the output may not be).
 */
function buildSettings(options: ResolvedOptions, settings: Record<string, unknown>): Record<string, unknown> {
  return {
    options,
    settings,
    cwd: process.cwd(),
    node: process.versions,
    platform: `${process.platform}-${process.arch}`,
    env: { NODE_ENV: process.env.NODE_ENV ?? null, HOME: process.env.HOME ?? null },
  };
}

/**
 * What a build reads: the content folder, the templates and brochure's sources (the client script,
 * what the templates import), its package.json, and the package.json (the version) of each package
 * the compiled CLI leaves outside and the output depends on. The compiled CLI is named by its hash in
 * the settings; the packages bundled into it are part of that hash.
 */
function inputRoots(options: ResolvedOptions): string[] {
  const require = createRequire(path.join(options.packageRoot, 'package.json'));
  const manifest = (name: string) => {
    // Where npm puts it, as resolution would find it first; resolving costs a few milliseconds more.
    const installed = path.join(options.packageRoot, 'node_modules', name, 'package.json');
    if (existsSync(installed)) return installed;
    try {
      return require.resolve(`${name}/package.json`);
    } catch {
      // Recorded as missing: should it appear, the build runs.
      return installed;
    }
  };
  return [options.content, options.templatesDir, path.join(options.packageRoot, 'src'), path.join(options.packageRoot, 'package.json'), ...OUTSIDE_PACKAGES.map(manifest)];
}

/**
 * Packages that shape the output and are not bundled into lib/cli.cjs: the renderer, the islands'
 * Preact, the bundler, the image encoder (its version pins libvips), the web editor's files.
 */
const OUTSIDE_PACKAGES = ['react', 'react-dom', 'preact', 'esbuild', 'sharp', 'decap-cms'];

/** Thrown inside a walk on anything the record cannot vouch for: a special file, a linked folder, too many files. */
class Unrecordable extends Error {}

/**
 * More entries than this in one tree and it is not recorded: a content folder given by mistake (`--content ~`)
 * would otherwise be walked whole before the build says what is wrong with it. XL's content is 6,000.
 */
const MAX_ENTRIES = 50_000;

/**
 * The tree at `root`: every file and folder under it (symbolic links as links, with their targets'
 * identities), sorted. `hash` picks the files that get a hash of their bytes: those changed within the
 * racy margin (`racy`: modified, or their change time, which also moves with their links and mode),
 * those modified within it (`modified`: the output, whose change times `sameEntry` bounds instead), or
 * none (a check). A tree holding something that cannot be recorded gets an entry no later walk can equal.
 */
function takeTree(root: string, hash: 'racy' | 'modified' | false = 'racy'): Tree {
  const now = BigInt(Date.now()) * 1_000_000n;
  const entries: Entry[] = [];
  try {
    walk(root, '.', entries);
  } catch (error) {
    entries.push(['.', 'missing', '', '', '', '', 0, `unrecordable ${error instanceof Unrecordable ? error.message : String((error as NodeJS.ErrnoException).code)} ${now}`]);
    return { root, entries };
  }
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (hash) {
    // Times in whole seconds everywhere: a file system that keeps no finer ones.
    const coarse = entries.every(([, kind, , mtime]) => kind === 'missing' || BigInt(mtime) % 1_000_000_000n === 0n);
    const since = now - (coarse ? RACY_MARGIN_COARSE_NS : RACY_MARGIN_NS);
    for (const entry of entries) {
      if (entry[1] === 'file' && (BigInt(entry[3]) >= since || (hash === 'racy' && BigInt(entry[4]) >= since))) entry[7] = hashFile(path.join(root, entry[0]));
    }
  }
  return { root, entries };
}

function walk(absolute: string, relative: string, entries: Entry[]): void {
  const stats = lstatSync(absolute, { bigint: true, throwIfNoEntry: false });
  if (!stats) {
    entries.push([relative, 'missing', '', '', '', '', 0]);
    return;
  }
  if (stats.isSymbolicLink()) {
    // Recorded as the link, then as what it leads to under the same path (the sort keeps that order).
    // A linked output folder is walked; a linked folder inside a tree is not: the build would follow it.
    const target = statSync(absolute, { bigint: true, throwIfNoEntry: false });
    if (target?.isDirectory() && relative !== '.') throw new Unrecordable(`linked folder ${relative}`);
    entries.push(entryOf(relative, 'link', stats, readlinkSync(absolute)));
    if (target?.isDirectory()) return walkFolder(absolute, relative, target, entries);
    if (target && !target.isFile()) throw new Unrecordable(`special file ${relative}`);
    entries.push(target ? entryOf(relative, 'file', target) : [relative, 'missing', '', '', '', '', 0]);
    return;
  }
  if (stats.isDirectory()) return walkFolder(absolute, relative, stats, entries);
  if (!stats.isFile()) throw new Unrecordable(`special file ${relative}`);
  entries.push(entryOf(relative, 'file', stats));
}

function walkFolder(absolute: string, relative: string, stats: BigIntStats, entries: Entry[]): void {
  if (entries.length > MAX_ENTRIES) throw new Unrecordable(`more than ${MAX_ENTRIES} files`);
  entries.push(entryOf(relative, 'dir', stats));
  for (const name of readdirSync(absolute)) walk(path.join(absolute, name), relative === '.' ? name : `${relative}/${name}`, entries);
}

function entryOf(relative: string, kind: Entry[1], stats: BigIntStats, link?: string): Entry {
  const entry: Entry = [relative, kind, String(stats.size), String(stats.mtimeNs), String(stats.ctimeNs), String(stats.ino), Number(stats.mode)];
  if (link !== undefined) entry[7] = `-> ${link}`;
  return entry;
}

function sameTrees(recorded: readonly Tree[], current: readonly Tree[]): boolean {
  return recorded.length === current.length && recorded.every((tree, index) => sameTree(tree, current[index]!));
}

/** Same root, same entries with the same identities; a file the record hashed must still have those bytes. */
function sameTree(recorded: Tree, current: Tree): boolean {
  if (recorded.root !== current.root || recorded.entries.length !== current.entries.length) return false;
  return recorded.entries.every((entry, index) => {
    const now = current.entries[index]!;
    for (let field = 0; field < 7; field++) if (entry[field] !== now[field] && !(field === 4 && changedBySettling(entry, now, recorded.settled))) return false;
    // A file's hash is there only when its times could not be trusted; a link's target, always.
    if (entry[1] === 'file') return entry[7] === undefined || entry[7] === (now[7] ?? hashFile(path.join(current.root, now[0])));
    return entry[7] === now[7];
  });
}

/**
 * Whether an output entry's change time moved only while the build settled: the output's unchanged
 * files are hard links to the previous output's (src/output/reuse-previous.ts), so removing that, which
 * may still run while the output is taken, changes their change times (their link count) once more.
 * A later change to the entry (its bytes, mode, owner, links, or times set back) shows as a change time
 * after `settled` once the system's coarse clock (one tick, a few ms) has passed it; a change to its
 * bytes shows in its modification time anyway (hashed when recent), so what a change within that tick
 * could hide is bytes rewritten with the times set back, by another process, as the build ends.
 */
function changedBySettling(recorded: Entry, now: Entry, settled: string | undefined): boolean {
  if (settled === undefined || recorded[4] === '' || now[4] === '') return false;
  const time = BigInt(now[4]);
  return time > BigInt(recorded[4]) && time <= BigInt(settled);
}

function hashFile(file: string): string {
  const hash = createHash('sha256');
  const chunk = Buffer.allocUnsafe(256 * 1024);
  const descriptor = openSync(file, 'r');
  try {
    for (let read = readSync(descriptor, chunk); read > 0; read = readSync(descriptor, chunk)) hash.update(chunk.subarray(0, read));
  } finally {
    closeSync(descriptor);
  }
  return hash.digest('hex');
}

function readRecord(file: string): BuildRecord | undefined {
  try {
    const record = JSON.parse(readFileSync(file, 'utf8')) as BuildRecord;
    return record.format === FORMAT ? record : undefined;
  } catch {
    return undefined;
  }
}

function writeRecord(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

function forget(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Already gone (another build took it), or a read-only cache: nothing was recorded there either.
  }
}
