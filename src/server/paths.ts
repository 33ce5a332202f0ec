import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project folder (where package.json is), found by walking up from this module, so paths are
 * the same whether the server runs from src/ through tsx or from the bundle in dist/server/.
 */
function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('package.json not found above the server');
    dir = parent;
  }
  return dir;
}

export const PROJECT_ROOT = findRoot();
export const CLIENT_DIR = join(PROJECT_ROOT, 'dist', 'client');
export const MIGRATIONS_DIR = join(PROJECT_ROOT, 'src', 'server', 'db', 'migrations');
