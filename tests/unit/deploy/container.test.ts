import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ENV_KEYS, readEnv } from '../../../src/server/env';

/**
 * No Docker engine runs on the development machines or in CI, so the container files are checked
 * for what a reader can check: what they copy exists, the image runs as a non-root user with a health
 * check, and the compose file's two app servers behind the proxy are configured only with variables
 * the server really reads.
 */
const root = join(__dirname, '..', '..', '..');
const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
const compose = parse(readFileSync(join(root, 'compose.yaml'), 'utf8')) as {
  services: Record<string, { environment?: Record<string, string>; build?: string; image?: string }>;
  configs: Record<string, { content: string }>;
};

describe('[DEPLOY] the container image and the compose file', () => {
  it('builds in two stages and runs the bundle as a non-root user with a health check on /api/health', () => {
    expect(dockerfile.match(/^FROM /gm)).toHaveLength(2);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/HEALTHCHECK[\s\S]*\/api\/health/);
    expect(dockerfile).toMatch(/^CMD \[.*"dist\/server\/main\.mjs"\]$/m);
    // What the run stage copies from the build stage is made by `npm run build` or is in the repo.
    for (const [, path] of dockerfile.matchAll(/COPY --from=build \S+ \/app\/(\S+)/g)) {
      const made = path === 'dist' || path === 'node_modules';
      expect(made || existsSync(join(root, path)), `${path} exists`).toBe(true);
    }
    expect(readFileSync(join(root, 'src', 'server', 'build.mjs'), 'utf8')).toContain("'main.mjs'");
  });

  it('runs two app servers from this image behind a proxy that alternates between them', () => {
    const { app1, app2, proxy, db } = compose.services;
    expect(app1.build).toBe('.');
    expect(app2).toEqual(app1);
    expect(proxy.image).toMatch(/^nginx:/);
    expect(db.image).toMatch(/pgvector\/pgvector:pg15/);
    const conf = compose.configs.proxy.content;
    expect(conf).toContain('server app1:8080');
    expect(conf).toContain('server app2:8080');
    expect(conf).toContain('proxy_buffering off');
  });

  it('configures the app only with settings the server reads, all of them valid', () => {
    const env = compose.services.app1.environment ?? {};
    for (const name of Object.keys(env))
      expect(ENV_KEYS, `${name} is read by src/server/env.ts`).toContain(name);
    // Compose's substitutions as an operator's .env fills them: required secrets set, the rest their
    // defaults (empty for the optional services, which the server must read as "not configured").
    const given = (name: string) => (name === 'JWT_SECRET' ? 'x'.repeat(40) : 'secret');
    const filled = Object.fromEntries(
      Object.entries(env).map(([k, v]) => [
        k,
        String(v)
          .replace(/\$\{(\w+):-([^}]*)\}/g, (_, _name, fallback: string) => fallback)
          .replace(/\$\{(\w+):\?[^}]*\}/g, (_, name: string) => given(name)),
      ]),
    );
    const read = readEnv(filled);
    expect(read.AI_BASE_URL).toBeUndefined();
    expect(read.AI_MODEL).toBe('gpt-5-mini');
    expect(read.DATABASE_URL).toBe('postgres://flowlearn:secret@db:5432/flowlearn');
  });
});
