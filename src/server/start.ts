import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from './main';

/** `npm start`: build the client when the build is missing or older than its sources, then serve. */
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const stamp = join(root, 'dist', 'index.html');
const CLIENT_SOURCES = [
  'src/app',
  'src/ui',
  'src/features',
  'src/shared',
  'sw',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = s.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function buildIsStale(): boolean {
  if (!existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  return CLIENT_SOURCES.some((p) => newestMtime(join(root, p)) > built);
}

if (buildIsStale()) {
  process.stdout.write('Building the client (first start or sources changed)…\n');
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await main();
