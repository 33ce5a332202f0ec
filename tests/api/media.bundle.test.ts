import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jpeg from 'jpeg-js';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../src/server/db/seed';
import { freePort } from '../e2e/util';

/**
 * The production build (`npm run build` / `npm start`): the server bundle finds the image worker's own
 * bundle beside it and compresses an upload there, then stops cleanly (the worker ends with it).
 */
const root = process.cwd();
const outDir = join(root, '.tmp', `bundle-${process.pid}`);
const dataDir = mkdtempSync(join(tmpdir(), 'media-bundle-'));
let child: ChildProcess | undefined;

afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  rmSync(outDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('[CHAT] image worker in the built server', () => {
  it('compresses an uploaded photo on the bundled worker and stops cleanly', async () => {
    mkdirSync(outDir, { recursive: true });
    const built = spawnSync(
      process.execPath,
      ['-e', "import('./src/server/build.mjs').then((m) => m.buildServer(process.argv[1]))", outDir],
      { cwd: root, encoding: 'utf8' },
    );
    expect(built.status, built.stderr).toBe(0);
    expect(existsSync(join(outDir, 'image-worker.mjs'))).toBe(true);

    const port = await freePort();
    const server = spawn(process.execPath, [join(outDir, 'main.mjs')], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        // Its own embedded database, whatever the run uses (as the e2e servers do).
        ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'DATABASE_URL')),
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEMO: 'true',
        LOG_LEVEL: 'info',
        NODE_ENV: 'test',
        JWT_SECRET: 'bundle-secret-bundle-secret-bundle-secret-0123',
      },
    });
    child = server;
    let out = '';
    server.stdout?.on('data', (d) => {
      out += d;
    });
    server.stderr?.on('data', (d) => {
      out += d;
    });
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 240; i++) {
      const ok = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
    });
    expect(login.status, out).toBe(200);
    const { accessToken } = (await login.json()) as { accessToken: string };

    const [w, h] = [1600, 1000];
    const data = Buffer.alloc(w * h * 4);
    for (let i = 0; i < data.length; i += 4) data.set([(i / 4) % 251, 90, 160, 255], i);
    const photo = new Uint8Array(jpeg.encode({ width: w, height: h, data }, 95).data);
    const form = new FormData();
    form.set('media', new File([photo], 'photo.jpg'));
    form.set('path', 'chat');
    const auth = { authorization: `Bearer ${accessToken}` };
    const up = await fetch(`${base}/api/s3/upload`, { method: 'POST', headers: auth, body: form });
    const body = (await up.json()) as { compressedUrl: string };
    expect(up.status, JSON.stringify(body)).toBe(201);
    const copy = await fetch(`${base}${body.compressedUrl}`, { headers: auth });
    expect(copy.headers.get('content-type')).toBe('image/jpeg');
    expect(jpeg.decode(new Uint8Array(await copy.arrayBuffer())).width, out).toBe(1280);
    expect(out).not.toContain('image not compressed');

    const exited = new Promise<number | null>((r) => server.once('exit', (code) => r(code)));
    server.kill('SIGTERM');
    expect(await exited, out).toBe(0);
    expect(out).toContain('"msg":"stopped"');
  }, 120_000);
});
