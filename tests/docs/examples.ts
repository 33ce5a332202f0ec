import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { docCommands, type RunKind, root, ruleFor } from './commands';
import { backupAndRestore } from './examples.backup';
import { freePort, gitState, newFiles, plain, portsClosed, shell, waitFor } from './examples.util';

/**
 * The docs step of `.ci/run`: runs every command the README and docs/ show that a CI machine can
 * run, as written (only PORT, DATA_DIR and a database are chosen for it), and checks it did what
 * the docs say. Ends with the plain line `N passed, N failed` that CI reads.
 * `npx tsx tests/docs/examples.ts [substring…]` runs only the commands that contain a substring.
 */
const only = process.argv.slice(2);
const DEMO = { email: 'demo@flowlearn.local', password: 'flowlearn-demo' };
let passed = 0;
let failed = 0;

/** Starts `command` as the app on `port`, signs in as the demo account, stops it with SIGTERM. */
async function startSignInStop(command: string, env: NodeJS.ProcessEnv, port: number) {
  const app = spawn('bash', ['-c', command], { cwd: root, env, detached: true, stdio: 'pipe' });
  let log = '';
  app.stdout?.on('data', (d) => (log += d));
  app.stderr?.on('data', (d) => (log += d));
  const exited = new Promise<number | null>((resolve) => app.on('exit', (code) => resolve(code)));
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/api/health`, 300_000, exited);
    const signIn = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify(DEMO),
    });
    if (signIn.status !== 200) throw new Error(`demo sign-in answered ${signIn.status}`);
    return 'answered /api/health, signed in as the demo account';
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${plain(log).slice(-2000)}`);
  } finally {
    await stopGroup(app, exited);
  }
}

/** SIGTERM to the whole process group (npm and the node it started); the server drains and exits. */
async function stopGroup(child: ChildProcess, exited: Promise<number | null>) {
  if (child.exitCode !== null || !child.pid) return;
  process.kill(-child.pid, 'SIGTERM');
  const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}

const dataDir = () => mkdtempSync(join(tmpdir(), 'flowlearn-docs-'));
const testEnv = () => {
  const env = { ...process.env };
  delete env.TEST_DATABASE_URL; // as a developer types it: the embedded database
  delete env.DATABASE_URL;
  return env;
};

const runners: Record<RunKind, (command: string) => Promise<string>> = {
  async start(command) {
    const lock = readFileSync(join(root, 'package-lock.json'), 'utf8');
    const port = await freePort();
    const dir = dataDir();
    try {
      const detail = await startSignInStop(
        command,
        { ...testEnv(), PORT: String(port), DATA_DIR: dir },
        port,
      );
      if (readFileSync(join(root, 'package-lock.json'), 'utf8') !== lock)
        throw new Error('`npm install` changed package-lock.json');
      return detail;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
  async dev(command) {
    const dir = dataDir();
    const app = spawn('bash', ['-c', command], {
      cwd: root,
      env: { ...testEnv(), DATA_DIR: dir },
      detached: true,
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => app.on('exit', (code) => resolve(code)));
    try {
      // The dev servers' ports are fixed (vite 8080, API 8787): /api through Vite's proxy proves both.
      await waitFor('http://127.0.0.1:8080/api/health', 180_000, exited);
      for (const path of ['/editor', '/viewer/join', '/viewer/main.tsx']) {
        const page = await fetch(`http://127.0.0.1:8080${path}`);
        const body = await page.text();
        if (!page.ok || !(path.endsWith('.tsx') ? body.includes('import') : body.includes('<div id="root">')))
          throw new Error(`${path} answered ${page.status} without the page`);
      }
      return 'Vite served the editor and the learner player, and proxied /api/health to the API';
    } finally {
      await stopGroup(app, exited);
      // The API child drains after its parent is gone: wait for both ports before removing its data.
      await portsClosed([8080, 8787], 30_000);
      rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 500 });
    }
  },
  async vitest(command) {
    const { code, output } = await shell(command, testEnv(), 600_000);
    const ran = Number(/Tests\s+(?:\d+ \w+ \| )*(\d+) passed/.exec(output)?.[1] ?? 0);
    if (code !== 0 || ran === 0 || /Tests\s+.*\d+ failed/.test(output))
      throw new Error(`exit ${code}, ${ran} passed\n${output.slice(-2000)}`);
    return `${ran} test${ran === 1 ? '' : 's'} passed`;
  },
  async 'lint-fix'(command) {
    const before = await gitState();
    const { code, output } = await shell(command, process.env, 300_000);
    if (code !== 0) throw new Error(`exit ${code}\n${output.slice(-2000)}`);
    if ((await gitState()) !== before) throw new Error('it rewrote files that `npm run lint` accepts');
    return 'changed no file';
  },
  async 'db-generate'(command) {
    const dir = join(root, 'src/server/db/migrations');
    const { code, output, created } = await newFiles(dir, () => shell(command, process.env, 300_000));
    for (const file of created) rmSync(file);
    if (created.length > 0)
      await shell('git checkout -- src/server/db/migrations/meta/_journal.json', process.env, 30_000);
    if (code !== 0 || created.length > 0)
      throw new Error(
        `the schema and the latest migration snapshot differ (${created.length} files written)\n${output.slice(-1500)}`,
      );
    return 'schema and migrations agree: nothing to generate';
  },
  async 'test-times'(command) {
    const { code, output } = await shell(command, process.env, 60_000);
    if (code !== 0 || !/\d+(\.\d+)? s/.test(output)) throw new Error(`exit ${code}\n${output.slice(-1500)}`);
    return 'listed the slowest files of the last unit run';
  },
  backup: () => backupAndRestore(startSignInStop),
};

async function main() {
  const done = new Set<string>();
  for (const { command, where } of docCommands()) {
    const rule = ruleFor(command);
    if (!rule || !('run' in rule)) continue;
    if (only.length > 0 && !only.some((part) => command.includes(part))) continue;
    // One run per command (the backup: one run for its pair of commands).
    const key = rule.run === 'backup' ? 'backup' : command;
    if (done.has(key)) continue;
    done.add(key);
    const started = Date.now();
    try {
      const detail = await runners[rule.run](command);
      passed++;
      console.log(`✓ ${command}  (${where}, ${((Date.now() - started) / 1000).toFixed(0)} s): ${detail}`);
    } catch (error) {
      failed++;
      console.log(`✗ ${command}  (${where})\n${String((error as Error).message).replace(/^/gm, '    ')}`);
    }
  }
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exitCode = failed > 0 ? 1 : 0;
}

await main();
