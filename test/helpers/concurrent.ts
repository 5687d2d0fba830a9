// Tests of one file run side by side: `it` for such tests, and per-test clean-up that stays with its own test.
import { AsyncLocalStorage } from 'node:async_hooks';
import { expect as vitestExpect, it as vitestIt, type ExpectStatic, type TestContext } from 'vitest';

/** The test whose body is running, across its awaits (vitest's own "current test" is shared by concurrent tests). */
const running = new AsyncLocalStorage<TestContext>();

type Body = (context: TestContext) => Promise<void> | void;

/**
 * vitest's `it.concurrent`: the test runs beside the file's other concurrent tests (most of a browser
 * test is waiting for Chromium or a server). Use it with this module's `expect`.
 */
export function concurrentIt(name: string, body: Body, timeout?: number): void {
  vitestIt.concurrent(name, (context) => running.run(context, () => body(context)), timeout);
}

/** `concurrentIt` once per case, named like vitest's `it.each` names its tests; `body` gets the case whole. */
concurrentIt.each =
  <T>(cases: readonly T[]) =>
  (name: string, body: (item: T, context: TestContext) => Promise<void> | void, timeout?: number): void => {
    vitestIt.concurrent.for(cases)(name, { timeout }, (item, context) =>
      running.run(context, () => body(item, context)),
    );
  };

/**
 * Runs `close` when the test that is running ends, or returns false outside a `concurrentIt` test
 * (where the caller's own `afterEach` still does it).
 */
export function closeWithTest(close: () => Promise<unknown>): boolean {
  const test = running.getStore();
  if (!test) return false;
  test.onTestFinished(async () => {
    await close();
  });
  return true;
}

const currentExpect = (): ExpectStatic => running.getStore()?.expect ?? vitestExpect;

/**
 * vitest's `expect`, bound to the test that calls it: `expect.poll` and `expect.soft` find their test
 * through vitest's single "current test", which concurrent tests overwrite, so inside a `concurrentIt`
 * test this is that test's own `expect` (vitest's advice for concurrent tests), elsewhere the global one.
 */
export const expect: ExpectStatic = new Proxy(vitestExpect, {
  apply: (_target, self, args: unknown[]) => Reflect.apply(currentExpect(), self, args),
  get: (_target, key) => Reflect.get(currentExpect(), key),
});
