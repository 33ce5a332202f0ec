import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  DEFAULT_TIMEOUT_MS,
  type E2EBrowser,
  type E2EContext,
  type E2EServer,
  type E2ESuite,
  type E2ETest,
  launchBrowser,
  RESULTS_DIR,
  screenshot,
  slug,
  startServer,
  suiteOf,
} from './harness';

/**
 * `npm run test:e2e [-- substring…]`: builds the client once, then runs every tests/e2e/**\/*.e2e.ts
 * file (one server per file, one fresh browser per test) and ends with the plain line
 * `N passed, N failed` that CI reads (STACK-NOTES 11). E2E_WORKERS files run at once (default 2:
 * most of a browser test is waiting for a page, so two share two cores well); a file's lines are
 * printed together when it ends.
 */
const root = process.cwd();
const filters = process.argv.slice(2).map((f) => f.toLowerCase());
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 1);
const started = Date.now();
let passed = 0;
let failed = 0;

function findFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return findFiles(path);
      return entry.name.endsWith('.e2e.ts') ? [path] : [];
    })
    .sort();
}

const matches = (file: string, t: E2ETest) =>
  filters.length === 0 ||
  filters.some((f) => t.title.toLowerCase().includes(f) || file.toLowerCase().includes(f));

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const indent = (text: string) => text.replace(/^/gm, '    ');

/** One file's output, printed in one piece when the file ends so that parallel files do not mix. */
type Log = (line: string) => void;

function report(log: Log, t: E2ETest, error: unknown, server: E2EServer | null, shot: string | null): void {
  failed++;
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  log(indent(detail));
  if (shot) log(`    screenshot: ${relative(root, shot)}`);
  if (server) {
    // The whole server log of a failed test goes to a file; the tail is usually enough to read here.
    mkdirSync(RESULTS_DIR, { recursive: true });
    const logFile = join(RESULTS_DIR, `${slug(t.title)}.server.log`);
    writeFileSync(logFile, `${server.output.join('\n')}\n`);
    log(`    server log: ${relative(root, logFile)}; last lines:`);
    log(indent(server.output.slice(-8).join('\n')));
  }
}

async function runTest(log: Log, file: string, t: E2ETest, server: E2EServer): Promise<void> {
  const since = Date.now();
  const browsers: E2EBrowser[] = [];
  const launch: E2EContext['launch'] = async (options) => {
    const browser = await launchBrowser(options);
    browsers.push(browser);
    return browser;
  };
  let ctx: E2EContext | null = null;
  try {
    const browser = await launch(t.browser);
    const context: E2EContext = {
      server,
      browser,
      context: browser.context,
      page: browser.page,
      console: browser.console,
      url: server.url,
      launch,
      // The name is kept whole: a long title cut at the slug limit would make two shots one file.
      screenshot: (name, page = browser.page) => screenshot(page, `${slug(t.title).slice(0, 60)}-${name}`),
    };
    ctx = context;
    const running = t.run(context);
    running.catch(() => undefined); // a timed-out test may still reject later
    await withTimeout(running, t.timeoutMs ?? DEFAULT_TIMEOUT_MS, 'test');
    passed++;
    log(`  ✓ ${t.title} (${seconds(since)})`);
  } catch (error) {
    log(`  ✗ ${t.title} (${seconds(since)}) [${relative(root, file)}]`);
    const shot = ctx ? await screenshot(ctx.page, `${t.title}-failed`).catch(() => null) : null;
    report(log, t, error, server, shot);
  } finally {
    await Promise.all(browsers.map((b) => b.close()));
  }
}

async function runFile(file: string, suite: E2ESuite, tests: E2ETest[]): Promise<void> {
  const lines = [`${relative(root, file)}`];
  const log: Log = (line) => lines.push(line);
  const since = Date.now();
  try {
    let server: E2EServer;
    try {
      server = await startServer(suite.server);
    } catch (error) {
      for (const t of tests) {
        log(`  ✗ ${t.title} (the server did not start)`);
        report(log, t, error, null, null);
      }
      return;
    }
    try {
      for (const t of tests) await runTest(log, file, t, server);
    } finally {
      await server.stop();
    }
  } finally {
    if (workers > 1) lines[0] += ` (${seconds(since)})`;
    console.log(lines.join('\n'));
  }
}

async function main(): Promise<number> {
  const plan: { file: string; suite: E2ESuite; tests: E2ETest[] }[] = [];
  for (const file of findFiles(join(root, 'tests', 'e2e'))) {
    const suite = suiteOf(await import(pathToFileURL(file).href));
    if (!suite) throw new Error(`${relative(root, file)} exports no tests (use defineE2E)`);
    const tests = suite.tests.filter((t) => matches(relative(root, file), t));
    if (tests.length) plan.push({ file, suite, tests });
  }
  const count = plan.reduce((n, p) => n + p.tests.length, 0);
  if (count === 0) {
    console.log(filters.length ? `No e2e test matches ${filters.join(', ')}` : 'No e2e tests found');
    return filters.length ? 1 : 0;
  }
  if (process.env.E2E_SKIP_BUILD !== '1') {
    console.log('Building the client…');
    const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
    const build = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) {
      console.log('The client build failed; no e2e test ran.');
      failed = count;
      return 1;
    }
  }
  const parallel = Math.min(workers, plan.length);
  console.log(
    `Running ${count} e2e test${count === 1 ? '' : 's'}${parallel > 1 ? `, ${parallel} files at once` : ''}`,
  );
  const queue = [...plan];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift())
      await runFile(next.file, next.suite, next.tests);
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  console.log(`\nFinished in ${seconds(started)}`);
  return failed > 0 ? 1 : 0;
}

main()
  .catch((error) => {
    console.error(error);
    failed = Math.max(failed, 1);
    return 1;
  })
  .then((code) => {
    // The closing line CI reads: keep it plain and last.
    console.log(`${passed} passed, ${failed} failed`);
    process.exit(code);
  });
