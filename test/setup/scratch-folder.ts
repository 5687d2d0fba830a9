// Where the run's temporary files go: a memory file system when the machine has a roomy one, as every test and Chromium create and delete thousands of files.
import { accessSync, constants, statfsSync } from 'node:fs';

/** tmpfs and ramfs, as `statfs` names them. */
const MEMORY_FILE_SYSTEMS = new Set([0x01021994, 0x858458f6]);
/** Free space below which a memory folder is left alone: a container's 64 MB /dev/shm would fill. */
const ROOM = 2 * 1024 ** 3;

/**
 * `/dev/shm` when it is a writable memory file system with `ROOM` free, and `TMPDIR` is not set
 * already; otherwise nothing, and the system's temporary folder stays.
 *
 * Why: on an ext4 /tmp, allocating an inode among many recently deleted ones is slow, and the run
 * makes thousands: the tests' folders and builds, and Chromium's shared memory, which Playwright's
 * `--disable-dev-shm-usage` puts in the temporary folder as files created and deleted per frame. The
 * kernel's share of the run's CPU was 37 %; with this folder a full run took about 20 s less CPU.
 */
export function memoryScratchFolder(candidate = '/dev/shm'): string | undefined {
  if (process.env.TMPDIR) return undefined;
  try {
    const stats = statfsSync(candidate);
    accessSync(candidate, constants.W_OK);
    return MEMORY_FILE_SYSTEMS.has(stats.type) && stats.bavail * stats.bsize >= ROOM ? candidate : undefined;
  } catch {
    return undefined;
  }
}
