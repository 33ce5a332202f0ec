import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { Hono } from 'hono';
import type { AppEnv } from './context';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
};

export const BASE = '/editor';
const VIEWER_PAGE = join('src', 'player', 'index.html');
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Hashed assets never change; everything else must be checked so a new version is seen at once. */
function cacheControlFor(rel: string): string {
  return rel.startsWith('assets/') ? IMMUTABLE : REVALIDATE;
}

async function readIfFile(path: string): Promise<Buffer | null> {
  try {
    const s = await stat(path);
    return s.isFile() ? await readFile(path) : null;
  } catch {
    return null;
  }
}

/**
 * Serves the built PWA under /editor with an SPA fallback. A missing file that has an extension is
 * 404 (never index.html), so the service worker cannot cache HTML as a script or a translation.
 */
export function mountClient(app: Hono<AppEnv>, clientDir: string): void {
  app.get('/', (c) => c.redirect(`${BASE}/`, 302));
  // The learner player: every /viewer path is its page; its assets live under /editor.
  app.get('/viewer', (c) => c.redirect('/viewer/join', 302));
  app.get('/viewer/*', async (c) => {
    const page = await readIfFile(join(clientDir, VIEWER_PAGE));
    if (!page) return c.text('The client is not built. Run `npm run build`.', 503);
    return c.body(new Uint8Array(page), 200, { 'Content-Type': MIME['.html'], 'Cache-Control': REVALIDATE });
  });
  app.get(BASE, (c) => c.redirect(`${BASE}/`, 301));
  app.get(`${BASE}/*`, async (c) => {
    let rel: string;
    try {
      rel = decodeURIComponent(c.req.path.slice(BASE.length + 1));
    } catch {
      return c.json({ message: 'Bad path' }, 400);
    }
    const safe = normalize(rel).replace(/^(\.\.(\/|\\|$))+/, '');
    if (safe.split(sep).includes('..')) return c.json({ message: 'Bad path' }, 400);
    if (safe && safe !== '.' && safe !== 'index.html') {
      const body = await readIfFile(join(clientDir, safe));
      if (body) {
        return c.body(new Uint8Array(body), 200, {
          'Content-Type': MIME[extname(safe)] ?? 'application/octet-stream',
          'Cache-Control': cacheControlFor(safe),
          // The worker also serves the learner player, registered with scope /viewer/ (sw/viewer.ts).
          ...(safe === 'sw.js' ? { 'Service-Worker-Allowed': '/' } : {}),
        });
      }
      if (extname(safe)) return c.json({ message: `Not found: ${c.req.path}` }, 404);
    }
    const index = await readIfFile(join(clientDir, 'index.html'));
    if (!index) return c.text('The client is not built. Run `npm run build`.', 503);
    return c.body(new Uint8Array(index), 200, {
      'Content-Type': MIME['.html'],
      'Cache-Control': REVALIDATE,
    });
  });
}
