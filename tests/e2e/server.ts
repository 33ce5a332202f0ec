import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, sleep } from './util';

/** One parsed line of the server's stdout: the JSON log object, or `{ msg }` for a plain line. */
export type LogEntry = Record<string, unknown>;

export interface E2EServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  port: number;
  dataDir: string;
  /** Every stdout line so far, parsed. */
  logs: LogEntry[];
  /** Raw stdout and stderr lines, for failure reports. */
  output: string[];
  url(path: string): string;
  /**
   * Resolves with the first log entry the predicate accepts, looking only at lines since `since`:
   * either a time (`Date.now()` taken before the action) or an index (`server.logs.length`).
   */
  waitForLog(predicate: (entry: LogEntry) => boolean, timeoutMs?: number, since?: number): Promise<LogEntry>;
  /** The 6-digit code the dev mail outbox logged for this address: the first one since `since`. */
  waitForMailCode(email: string, timeoutMs?: number, since?: number): Promise<string>;
  stop(): Promise<void>;
}

export interface StartServerOptions {
  /** Extra environment variables (e.g. SEED_DEMO: 'false'). */
  env?: Record<string, string>;
  /** Reuse a data folder (it is then not deleted on stop). */
  dataDir?: string;
  startTimeoutMs?: number;
}

const root = process.cwd();
const live = new Set<ChildProcess>();

// A crashed or interrupted runner must not leave servers listening.
process.on('exit', () => {
  for (const child of live) killGroup(child, 'SIGKILL');
});

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** The parent's environment minus DATABASE_URL: e2e servers always use their own embedded database. */
function inheritedEnv(): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== 'DATABASE_URL'));
}

// Numbers this large are epoch milliseconds, not line indexes.
const isTime = (since: number) => since >= 1e12;

/** Server and tests share one clock, so a line's `time` field tells whether it came after `since`. */
function loggedSince(entry: LogEntry, since: number): boolean {
  const time = typeof entry.time === 'string' ? Date.parse(entry.time) : Number.NaN;
  return Number.isNaN(time) || time >= since;
}

function parseLine(line: string): LogEntry {
  try {
    const value: unknown = JSON.parse(line);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as LogEntry;
  } catch {
    // not a JSON log line
  }
  return { msg: line };
}

/**
 * Spawns the real server (src/server/main.ts, not start.ts: the runner has built the client once)
 * on a free loopback port with its own data folder, and resolves once /api/health answers 200.
 */
export async function startServer(options: StartServerOptions = {}): Promise<E2EServer> {
  const port = await freePort();
  const ownDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'flowlearn-e2e-data-'));
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(join(root, 'node_modules', '.bin', 'tsx'), ['src/server/main.ts'], {
    cwd: root,
    // Own process group, so a hung server and its tsx child can be killed together.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...inheritedEnv(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
      // Every e2e sign-in comes from 127.0.0.1: the per-IP limit would trip across tests.
      AUTH_RATE_LIMIT_PER_IP: '10000',
      ...options.env,
    },
  });
  live.add(child);
  const logs: LogEntry[] = [];
  const output: string[] = [];
  const waiters = new Set<() => void>();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', () => live.delete(child));

  const collect = (stream: NodeJS.ReadableStream, isStdout: boolean) => {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.trim()) continue;
        output.push(isStdout ? line : `[stderr] ${line}`);
        if (isStdout) logs.push(parseLine(line));
      }
      for (const wake of waiters) wake();
    });
  };
  collect(child.stdout!, true);
  collect(child.stderr!, false);

  const server: E2EServer = {
    origin,
    port,
    dataDir,
    logs,
    output,
    url: (path) => `${origin}${path.startsWith('/') ? path : `/${path}`}`,
    waitForLog(predicate, timeoutMs = 10_000, since = 0) {
      return new Promise((resolve, reject) => {
        let next = isTime(since) ? 0 : since;
        const check = () => {
          for (; next < logs.length; next++) {
            if (isTime(since) && !loggedSince(logs[next], since)) continue;
            if (!predicate(logs[next])) continue;
            cleanup();
            resolve(logs[next]);
            return;
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`No matching server log line within ${timeoutMs} ms`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    async waitForMailCode(email, timeoutMs, since) {
      const isCode = (e: LogEntry) => e.to === email && typeof e.code === 'string' && /^\d{6}$/.test(e.code);
      const entry = await server.waitForLog(isCode, timeoutMs, since);
      return entry.code as string;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const killed = await Promise.race([exited.then(() => false), sleep(15_000).then(() => true)]);
        if (killed) killGroup(child, 'SIGKILL');
        await exited;
      }
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };

  // E2E_START_TIMEOUT_MS: a machine shared by many runs may need longer than a minute to start one.
  const deadline =
    Date.now() + (options.startTimeoutMs ?? (Number(process.env.E2E_START_TIMEOUT_MS) || 60_000));
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    const res = await fetch(server.url('/api/health')).catch(() => null);
    if (res?.status === 200) return server;
    await sleep(100);
  }
  await server.stop();
  const tail = output.slice(-20).join('\n');
  throw new Error(`The server did not answer /api/health with 200 on port ${port}.\n${tail}`);
}
