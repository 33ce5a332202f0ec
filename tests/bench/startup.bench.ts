import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, sleep } from '../e2e/util';
import { type Bench, type BenchRow, median } from './bench';

const RUNS = 5;
const TARGET_MS = 3000;
const root = process.cwd();

/** The parent's environment minus DATABASE_URL: the figure is for the embedded database. */
const embeddedEnv = () =>
  Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== 'DATABASE_URL'));

/** Spawns `npm start` and returns the ms until GET /api/health first answers 200; then stops it. */
async function timeStart(dataDir: string, timeoutMs = 60_000): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    // Own process group: npm, tsx and the server are stopped together.
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...embeddedEnv(), PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, sig);
    } catch {
      // already gone
    }
  };
  try {
    while (performance.now() - started < timeoutMs) {
      if (child.exitCode !== null)
        throw new Error(`npm start exited with ${child.exitCode}: ${stderr.slice(-500)}`);
      const res = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
      if (res?.status === 200) return performance.now() - started;
      await sleep(20);
    }
    throw new Error(`no healthy /api/health within ${timeoutMs / 1000} s`);
  } finally {
    signal('SIGTERM');
    if (await Promise.race([exited.then(() => false), sleep(15_000).then(() => true)])) signal('SIGKILL');
    await exited;
    // npm exits at once on SIGTERM while the server it started may still be shutting down; the data
    // folder is deleted next, so nothing of the group may outlive this run (one such server once
    // stayed, busy, and loaded every figure measured after it).
    await sleep(2_000);
    signal('SIGKILL');
  }
}

const tempDir = () => mkdtempSync(join(tmpdir(), 'flowlearn-bench-'));
const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function row(figure: string, samples: number[]): BenchRow {
  const value = median(samples);
  return {
    figure,
    value: fmt(value),
    target: `≤ ${fmt(TARGET_MS)}`,
    withinTarget: value <= TARGET_MS,
    notes: [`${figure}: ${samples.map(fmt).join(', ')}`],
  };
}

export const startupBench: Bench = {
  name: 'startup',
  async run() {
    const warmDir = tempDir();
    try {
      // Not counted: builds the client when it is missing or stale, and creates the warm database.
      await timeStart(warmDir, 10 * 60_000);
      const first: number[] = [];
      const warm: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const fresh = tempDir();
        try {
          first.push(await timeStart(fresh));
        } finally {
          rmSync(fresh, { recursive: true, force: true });
        }
        warm.push(await timeStart(warmDir));
      }
      return [
        row(`npm start → healthy, fresh DATA_DIR (median of ${RUNS})`, first),
        row(`npm start → healthy, existing DATA_DIR (median of ${RUNS})`, warm),
      ];
    } finally {
      rmSync(warmDir, { recursive: true, force: true });
    }
  },
};
