import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';

/**
 * What the route fuzz knows about each route, read from the code itself so a new route or contract
 * is covered without editing the test: the route files are scanned for `.get('/path'` … and the
 * `jsonBody(c, ZX)` / `query(c, ZX)` / `params(c, ZX)` / `ZX.safeParse(c.req.query())` calls that
 * follow, and ZX is looked up among the exports of src/shared/contract/*.ts.
 */
export interface RouteSchemas {
  body?: string;
  query?: string;
  params?: string;
}

const ROOT = join(import.meta.dirname, '../../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith('.ts') ? [full] : [];
  });
}

/** `POST /flows/:id` (the path as written in the route file) → the schemas its handler parses with. */
export function routeSchemasFromSource(): Map<string, RouteSchemas> {
  const found = new Map<string, RouteSchemas>();
  const route = /\.(get|post|put|delete|patch)\(\s*'(\/[^']*)'/g;
  for (const file of sourceFiles(join(ROOT, 'server'))) {
    const text = readFileSync(file, 'utf8');
    const starts = [...text.matchAll(route)];
    starts.forEach((m, i) => {
      const handler = text.slice(m.index, starts[i + 1]?.index ?? text.length);
      const pick = (re: RegExp) => re.exec(handler)?.[1];
      found.set(`${m[1].toUpperCase()} ${m[2]}`, {
        body: pick(/jsonBody\(\s*c\s*,\s*(Z\w+)/),
        query: pick(/query\(\s*c\s*,\s*(Z\w+)/) ?? pick(/(Z\w+)\.safeParse\(\s*c\.req\.query\(\)/),
        params: pick(/params\(\s*c\s*,\s*(Z\w+)/),
      });
    });
  }
  return found;
}

/** Every zod schema exported by the contracts, by export name. */
export async function contractSchemas(): Promise<Map<string, z.ZodType>> {
  const dir = join(ROOT, 'shared/contract');
  const schemas = new Map<string, z.ZodType>();
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.ts'))) {
    const mod = (await import(join(dir, name))) as Record<string, unknown>;
    for (const [key, value] of Object.entries(mod)) {
      if (value && typeof value === 'object' && '_zod' in value) schemas.set(key, value as z.ZodType);
    }
  }
  return schemas;
}

// biome-ignore lint/suspicious/noExplicitAny: zod's internal definitions are read generically here
type Def = any;
const defOf = (s: unknown): Def => (s as { _zod: { def: Def } })._zod.def;

const CANDIDATES = [
  '0123456789abcdef01234567',
  '123456',
  'fuzz',
  'en-GB',
  'FUZZ-CODE',
  '2026-01-01T00:00:00.000Z',
  'https://example.com/fuzz.png',
  '1',
];

function sampleString(def: Def, key: string): string {
  const checks: Def[] = (def.checks ?? []).map(defOf);
  const format = checks.find((c) => c.check === 'string_format');
  if (format?.format === 'email' || /email/i.test(key)) return 'fuzz@example.com';
  if (format?.format === 'url') return 'https://example.com/fuzz';
  if (format?.format === 'datetime') return '2026-01-01T00:00:00.000Z';
  if (format?.pattern instanceof RegExp) {
    const hit = CANDIDATES.find((s) => (format.pattern as RegExp).test(s));
    if (hit) return hit;
  }
  if (/password/i.test(key)) return 'correct horse battery';
  // ids, and the two ends of a link, all name the one sampled node
  if (/(^id$|Id$|^source$|^target$)/.test(key)) return CANDIDATES[0];
  const min = checks.find((c) => c.check === 'min_length')?.minimum ?? 0;
  return 'fuzz'.padEnd(min, 'z');
}

/** A plausible value for a schema: the base that the fuzz then breaks one place at a time. */
export function sample(schema: unknown, key = '', depth = 0): unknown {
  const def = defOf(schema);
  if (depth > 12) return undefined;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return sample(def.innerType, key, depth);
    case 'pipe':
      return defOf(def.in).type === 'transform' ? sample(def.out, key, depth) : sample(def.in, key, depth);
    case 'lazy':
      return sample(def.getter(), key, depth + 1);
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape as Record<string, unknown>).map(([k, v]) => [k, sample(v, k, depth + 1)]),
      );
    case 'array':
      return [sample(def.element, key, depth + 1)];
    case 'record':
      return { fuzz: sample(def.valueType, 'fuzz', depth + 1) };
    case 'union':
      return sample(def.options[0], key, depth);
    case 'intersection':
      return { ...(sample(def.left, key, depth) as object), ...(sample(def.right, key, depth) as object) };
    case 'enum':
      return Object.values(def.entries)[0];
    case 'literal':
      return def.values[0];
    case 'boolean':
      return true;
    case 'number':
    case 'int':
      return 1;
    case 'string':
      return sampleString(def, key);
    default:
      return 'fuzz';
  }
}
