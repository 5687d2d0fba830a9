// RebuildQueue: saves coalesce into one batch after a quiet spell; one build in flight, the changes made during it go next, together.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RebuildQueue } from '../../src/watch/rebuild-queue.ts';

const QUIET_MS = 20;

/** One call of the rebuild: the paths it got, and how to end it. */
interface Build {
  changed: string[];
  finish(): void;
  fail(error: unknown): void;
}

/** A rebuild that records each batch and finishes only when the test says so. */
function controlledRebuild() {
  const builds: Build[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const rebuild = (changed: ReadonlySet<string>) =>
    new Promise<void>((resolve, reject) => {
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      const settle = (then: () => void) => () => {
        inFlight--;
        then();
      };
      builds.push({ changed: [...changed], finish: settle(resolve), fail: (error) => settle(() => reject(error))() });
    });
  return { builds, rebuild, mostInFlight: () => mostInFlight };
}

/** Lets promise callbacks (a build's `finally`) run; setImmediate stays real below. */
const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Whether `promise` has resolved by now. */
async function isDone(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await settled();
  return done;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('RebuildQueue: the quiet spell', () => {
  it('builds once no change arrived for the quiet spell, with every path saved in it', async () => {
    const { builds, rebuild } = controlledRebuild();
    const queue = new RebuildQueue(rebuild, QUIET_MS);
    queue.add('a.md');
    await vi.advanceTimersByTimeAsync(10);
    queue.add('b.md');
    await vi.advanceTimersByTimeAsync(15);
    // Saved again: the spell starts over, and the path is still listed once, where it first came.
    queue.add('a.md');
    await vi.advanceTimersByTimeAsync(QUIET_MS - 1);
    expect(builds).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(builds.map((build) => build.changed)).toEqual([['a.md', 'b.md']]);
  });

  it('builds nothing while nothing changed', async () => {
    const { builds, rebuild } = controlledRebuild();
    new RebuildQueue(rebuild, QUIET_MS);
    await vi.advanceTimersByTimeAsync(10 * QUIET_MS);
    expect(builds).toEqual([]);
  });

  it('starts a new batch for a change after the previous batch was handed over', async () => {
    const { builds, rebuild } = controlledRebuild();
    const queue = new RebuildQueue(rebuild, QUIET_MS);
    queue.add('a.md');
    await vi.advanceTimersByTimeAsync(QUIET_MS);
    builds[0]!.finish();
    await settled();
    queue.add('b.md');
    await vi.advanceTimersByTimeAsync(QUIET_MS);
    expect(builds.map((build) => build.changed)).toEqual([['a.md'], ['b.md']]);
  });
});

describe('RebuildQueue: one build in flight, at most one pending', () => {
  it('holds the changes made during a build and builds them together once it ends', async () => {
    const { builds, rebuild, mostInFlight } = controlledRebuild();
    const queue = new RebuildQueue(rebuild, QUIET_MS);
    queue.add('a.md');
    await vi.advanceTimersByTimeAsync(QUIET_MS);
    expect(builds).toHaveLength(1);

    for (const file of ['b.md', 'c.md', 'b.md']) {
      queue.add(file);
      await vi.advanceTimersByTimeAsync(5 * QUIET_MS);
    }
    // Their quiet spells are long over, but the first build is still running.
    expect(builds).toHaveLength(1);

    builds[0]!.finish();
    await settled();
    expect(builds.map((build) => build.changed)).toEqual([['a.md'], ['b.md', 'c.md']]);
    builds[1]!.finish();
    await settled();
    await vi.advanceTimersByTimeAsync(5 * QUIET_MS);
    expect(builds).toHaveLength(2);
    expect(mostInFlight()).toBe(1);
  });

  it('lets a change made late in a build finish its quiet spell before building it', async () => {
    const { builds, rebuild } = controlledRebuild();
    const queue = new RebuildQueue(rebuild, QUIET_MS);
    queue.add('a.md');
    await vi.advanceTimersByTimeAsync(QUIET_MS);
    queue.add('b.md');
    await vi.advanceTimersByTimeAsync(5);
    builds[0]!.finish();
    await settled();
    // A save mid-burst: more may follow within the spell, so the build ending does not start the next one.
    expect(builds).toHaveLength(1);
    queue.add('c.md');
    await vi.advanceTimersByTimeAsync(QUIET_MS - 1);
    expect(builds).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(builds.map((build) => build.changed)).toEqual([['a.md'], ['b.md', 'c.md']]);
  });
});

describe('RebuildQueue.runNow', () => {
  it('builds at once with an empty batch when nothing is pending (the first build), and resolves when it ends', async () => {
    const { builds, rebuild } = controlledRebuild();
    const queue = new RebuildQueue(rebuild, QUIET_MS);
    const run = queue.runNow();
    await settled();
    expect(builds.map((build) => build.changed)).toEqual([[]]);
    expect(await isDone(run)).toBe(false);
    builds[0]!.finish();
    expect(await isDone(run)).toBe(true);
  });

  it('takes the pending changes without waiting for their quiet spell, so no second build follows', async () => {
    const { builds, rebuild } = controlledRebuild();
    const queue = new RebuildQueue(rebuild, QUIET_MS);
    queue.add('a.md');
    const run = queue.runNow();
    await settled();
    builds[0]!.finish();
    await run;
    await vi.advanceTimersByTimeAsync(5 * QUIET_MS);
    expect(builds.map((build) => build.changed)).toEqual([['a.md']]);
  });

  it('waits for the build in flight, then builds again even if nothing changed', async () => {
    const { builds, rebuild, mostInFlight } = controlledRebuild();
    const queue = new RebuildQueue(rebuild, QUIET_MS);
    queue.add('a.md');
    await vi.advanceTimersByTimeAsync(QUIET_MS);
    const run = queue.runNow();
    await settled();
    expect(builds).toHaveLength(1);
    builds[0]!.finish();
    await settled();
    expect(builds.map((build) => build.changed)).toEqual([['a.md'], []]);
    expect(await isDone(run)).toBe(false);
    builds[1]!.finish();
    expect(await isDone(run)).toBe(true);
    expect(mostInFlight()).toBe(1);
  });

  it('builds the changes made during the build in flight right after it, once', async () => {
    const { builds, rebuild } = controlledRebuild();
    const queue = new RebuildQueue(rebuild, QUIET_MS);
    queue.add('a.md');
    await vi.advanceTimersByTimeAsync(QUIET_MS);
    queue.add('b.md');
    const run = queue.runNow();
    builds[0]!.finish();
    await settled();
    builds[1]!.finish();
    await run;
    await vi.advanceTimersByTimeAsync(5 * QUIET_MS);
    expect(builds.map((build) => build.changed)).toEqual([['a.md'], ['b.md']]);
  });
});

describe('RebuildQueue.close', () => {
  it('waits for the build in flight, drops what was pending and ignores later changes', async () => {
    const { builds, rebuild } = controlledRebuild();
    const queue = new RebuildQueue(rebuild, QUIET_MS);
    queue.add('a.md');
    await vi.advanceTimersByTimeAsync(QUIET_MS);
    queue.add('b.md');
    const closing = queue.close();
    expect(await isDone(closing)).toBe(false);
    builds[0]!.finish();
    expect(await isDone(closing)).toBe(true);

    queue.add('c.md');
    await vi.advanceTimersByTimeAsync(5 * QUIET_MS);
    await queue.runNow();
    expect(builds.map((build) => build.changed)).toEqual([['a.md']]);
  });

  it('cancels a quiet spell still running', async () => {
    const { builds, rebuild } = controlledRebuild();
    const queue = new RebuildQueue(rebuild, QUIET_MS);
    queue.add('a.md');
    await queue.close();
    await vi.advanceTimersByTimeAsync(5 * QUIET_MS);
    expect(builds).toEqual([]);
  });
});

describe('RebuildQueue and a rebuild that rejects', () => {
  // The contract says `rebuild` reports its own failures and never rejects; should one reject
  // anyway, the queue must not stay stuck on it.
  it('passes the rejection to runNow and keeps building later changes', async () => {
    const { builds, rebuild } = controlledRebuild();
    const queue = new RebuildQueue(rebuild, QUIET_MS);
    const run = queue.runNow();
    await settled();
    builds[0]!.fail(new Error('template crashed'));
    await expect(run).rejects.toThrow('template crashed');

    queue.add('a.md');
    await vi.advanceTimersByTimeAsync(QUIET_MS);
    expect(builds.map((build) => build.changed)).toEqual([[], ['a.md']]);
    builds[1]!.finish();
    await expect(queue.close()).resolves.toBeUndefined();
  });
});
