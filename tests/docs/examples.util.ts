import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';
import { root } from './commands';

/** Output without terminal colours, so it can be matched and quoted. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape character is what is removed
export const plain = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, '');

/** Runs a command line as written with bash in the repository; output is stdout and stderr together. */
export function shell(command: string, env: NodeJS.ProcessEnv, timeoutMs: number, cwd = root) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn('bash', ['-c', command], { cwd, env, detached: true, stdio: 'pipe' });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => {
      output += `\n(stopped after ${timeoutMs / 1000} s)`;
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output: plain(output) });
    });
  });
}

export function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/** Polls `url` until it answers 200; fails early when the process under test exits. */
export async function waitFor(url: string, timeoutMs: number, exited: Promise<number | null>) {
  let gone: number | null | undefined;
  void exited.then((code) => {
    gone = code;
  });
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (gone !== undefined) throw new Error(`it exited with ${gone} before ${url} answered`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** The working tree's changes (tracked and untracked), to see whether a command wrote anything. */
export async function gitState() {
  return (await shell('git status --porcelain && git diff HEAD', process.env, 60_000)).output;
}

/** Runs `work` and lists the files it created in `dir` (which it does not delete itself). */
export async function newFiles<T>(dir: string, work: () => Promise<T>) {
  const list = () => new Set(readdirSync(dir, { recursive: true, encoding: 'utf8' }));
  const before = list();
  const result = await work();
  const created = [...list()].filter((f) => !before.has(f)).map((f) => join(dir, f));
  return { ...result, created };
}

/** Waits until nothing listens on the ports any more (a server that drains before it exits). */
export async function portsClosed(ports: number[], timeoutMs: number) {
  const listening = (port: number) =>
    new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1')
        .on('connect', () => {
          socket.destroy();
          resolve(true);
        })
        .on('error', () => resolve(false));
      socket.unref();
      setTimeout(() => socket.destroy(), 1000).unref();
    });
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (!(await Promise.all(ports.map(listening))).some(Boolean)) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`ports ${ports.join(', ')} still listen ${timeoutMs / 1000} s after SIGTERM`);
}
