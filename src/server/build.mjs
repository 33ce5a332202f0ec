// Builds what `npm start` runs: the PWA (Vite) into dist/client and the server bundle (esbuild)
// into dist/server/main.mjs. Plain JavaScript so that node runs it without a TypeScript loader.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const clientStamp = join(root, 'dist', 'client', 'index.html');
export const serverBundle = join(root, 'dist', 'server', 'main.mjs');
/** The image worker thread's own bundle, found beside main.mjs at run time (chat/image-pool.ts). */
export const imageWorkerBundle = join(root, 'dist', 'server', 'image-worker.mjs');

const CLIENT_SOURCES = [
  'src/app',
  'src/ui',
  'src/features',
  'src/player',
  'src/shared',
  'sw',
  'public',
  'index.html',
  'vite.config.ts',
];
const SERVER_SOURCES = ['src/server', 'src/shared'];
const ALWAYS = ['package-lock.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = s.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function isStale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return [...sources, ...ALWAYS].some((p) => newestMtime(join(root, p)) > built);
}

export const clientIsStale = () => isStale(clientStamp, CLIENT_SOURCES);
export const serverIsStale = () =>
  isStale(serverBundle, SERVER_SOURCES) || isStale(imageWorkerBundle, SERVER_SOURCES);

export function buildClient() {
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('vite build failed');
}

/**
 * One ES module with node_modules left external: starts in a fraction of the time tsx needs. The
 * image worker thread is a second, small bundle beside it. `outDir` (inside the project, so the bundle
 * still finds package.json and node_modules) lets a test build a copy of its own.
 */
export async function buildServer(outDir = dirname(serverBundle)) {
  const { build } = await import('esbuild');
  const common = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  };
  await Promise.all([
    build({
      ...common,
      entryPoints: [join(root, 'src', 'server', 'main.ts')],
      outfile: join(outDir, 'main.mjs'),
    }),
    build({
      ...common,
      entryPoints: [join(root, 'src', 'server', 'chat', 'image-worker.ts')],
      outfile: join(outDir, basename(imageWorkerBundle)),
    }),
  ]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildClient();
  await buildServer();
}
