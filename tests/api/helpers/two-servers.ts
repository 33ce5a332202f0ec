import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/**
 * Two real server processes (`src/server/main.ts`, as `npm run dev` runs it) on one PostgreSQL,
 * behind a small proxy that alternates between them request by request, as a round-robin load
 * balancer does. What one process keeps in memory that the other must see shows up here.
 */
export type TTwoServers = {
  base: string;
  /** Which server answered each proxied request, in order ('a' | 'b'). */
  answeredBy: string[];
  close(): Promise<void>;
};

const root = join(__dirname, '..', '..', '..');
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

async function startServer(env: Record<string, string>): Promise<{ port: number; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src', 'server', 'main.ts')], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { port, child };
    if (Date.now() > deadline) throw new Error('server did not become healthy in 90 s');
    await new Promise((r) => setTimeout(r, 250));
  }
}

export async function startTwoServers(databaseUrl: string): Promise<TTwoServers> {
  const common = {
    DATABASE_URL: databaseUrl,
    JWT_SECRET: 'two-servers-share-this-secret-0123456789',
    NODE_ENV: 'test',
    TRUST_PROXY: '127.0.0.1',
  };
  // One after the other: the first migrates and seeds the demo account, the second finds it done.
  const a = await startServer({ ...common, SEED_DEMO: 'true' });
  const b = await startServer({ ...common, SEED_DEMO: 'false' });
  const answeredBy: string[] = [];
  let turn = 0;
  const proxy: Server = createServer((req, res) => {
    const [name, port] = turn++ % 2 === 0 ? ['a', a.port] : ['b', b.port];
    answeredBy.push(name);
    const upstream = request(
      {
        host: '127.0.0.1',
        port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': '127.0.0.1' },
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  const proxyPort = await new Promise<number>((resolve) =>
    proxy.listen(0, '127.0.0.1', () => resolve((proxy.address() as AddressInfo).port)),
  );
  const stop = (child: ChildProcess) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return {
    base: `http://127.0.0.1:${proxyPort}`,
    answeredBy,
    close: async () => {
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await Promise.all([stop(a.child), stop(b.child)]);
    },
  };
}
