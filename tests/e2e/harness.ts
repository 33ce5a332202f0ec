import type { BrowserContext, Page } from 'playwright-core';
import type { ConsoleEntry, E2EBrowser, LaunchOptions } from './browser';
import type { E2EServer, StartServerOptions } from './server';

export * from './browser';
export * from './server';
export * from './util';

/**
 * What a test receives. The server is shared by the tests of one file (started once per file);
 * the browser is fresh for every test. Browsers opened with `launch` are closed by the runner too.
 */
export interface E2EContext {
  server: E2EServer;
  browser: E2EBrowser;
  context: BrowserContext;
  page: Page;
  console: ConsoleEntry[];
  /** server.url(path): an absolute URL on the test server. */
  url(path: string): string;
  /** Opens one more browser (a second user, a phone next to a tablet…). */
  launch(options?: LaunchOptions): Promise<E2EBrowser>;
  /** Saves test-results/<title>-<name>.png. */
  screenshot(name: string, page?: Page): Promise<string>;
}

export interface E2ETest {
  /** Carries the area first: `[FLOWS] duplicate a flow`. */
  title: string;
  run(ctx: E2EContext): Promise<void>;
  /** The browser the test starts with (viewport, locale). */
  browser?: LaunchOptions;
  timeoutMs?: number;
}

export interface E2ESuite {
  tests: E2ETest[];
  /** How the file's server is started (extra env such as SEED_DEMO: 'false'). */
  server?: StartServerOptions;
}

export const DEFAULT_TIMEOUT_MS = 60_000;

export function test(
  title: string,
  run: (ctx: E2EContext) => Promise<void>,
  options: Omit<E2ETest, 'title' | 'run'> = {},
): E2ETest {
  return { title, run, ...options };
}

/** A file's default export: `export default defineE2E([test('[SHELL] …', async ({ page }) => {…})])`. */
export function defineE2E(tests: E2ETest[], options: Omit<E2ESuite, 'tests'> = {}): E2ESuite {
  return { tests, ...options };
}

/** Accepts what a file exports: a suite or an array of tests, as default or as `tests`. */
export function suiteOf(mod: Record<string, unknown>): E2ESuite | null {
  const candidate = mod.default ?? mod.tests;
  if (Array.isArray(candidate)) return { tests: candidate as E2ETest[] };
  if (candidate && typeof candidate === 'object' && Array.isArray((candidate as E2ESuite).tests)) {
    return candidate as E2ESuite;
  }
  return null;
}

/** A small assertion helper, so the tests need no test framework. */
export function expect(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

export function expectEqual<T>(actual: T, expected: T, what: string): void {
  if (actual !== expected) {
    throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  }
}
