import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run dev`: the API (restarted by tsx watch on server changes) on 8787 and the Vite dev server
 * with hot reload on 8080, which proxies /api to it (see vite.config.ts).
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

const api = spawn(bin('tsx'), ['watch', '--clear-screen=false', 'src/server/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PORT: '8787', HOST: '127.0.0.1' },
});
const web = spawn(bin('vite'), ['--port', '8080', '--strictPort'], { cwd: root, stdio: 'inherit' });

const stop = () => {
  api.kill('SIGTERM');
  web.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
api.on('exit', (code) => {
  web.kill('SIGTERM');
  process.exitCode = code ?? 0;
});
web.on('exit', () => api.kill('SIGTERM'));
