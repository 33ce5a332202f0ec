import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Bench } from './bench';

const dist = join(process.cwd(), 'dist', 'client');
const BASE = '/editor/';
const TARGET_KB = 150;

/** The scripts index.html makes the browser fetch before any route chunk: the entry and its preloads. */
export function shellScripts(html: string): string[] {
  const found = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attr = (name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
    const isEntry = /^<script/i.test(tag) && attr('type') === 'module' && attr('src');
    const isPreload = /^<link/i.test(tag) && attr('rel') === 'modulepreload' && attr('href');
    const url = isEntry ? attr('src') : isPreload ? attr('href') : undefined;
    if (url) found.add(url.startsWith(BASE) ? url.slice(BASE.length) : url.replace(/^\//, ''));
  }
  return [...found];
}

export const shellSizeBench: Bench = {
  name: 'shell-size',
  async run() {
    const index = join(dist, 'index.html');
    if (!existsSync(index)) {
      const notes = ['dist/client/index.html is missing: run `npm run build` first'];
      return [
        { figure: 'shell JS before any route (gzip)', value: 'n/a', target: '', withinTarget: null, notes },
      ];
    }
    const files = shellScripts(readFileSync(index, 'utf8'));
    const sizes = files.map((file) => ({
      file,
      gzip: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length,
    }));
    const total = sizes.reduce((sum, s) => sum + s.gzip, 0) / 1024;
    const notes = sizes.map((s) => `${s.file}: ${(s.gzip / 1024).toFixed(1)} KB gzip`);
    return [
      {
        figure: `shell JS before any route (gzip -9, ${files.length} files)`,
        value: `${total.toFixed(1)} KB`,
        target: `≤ ${TARGET_KB} KB`,
        withinTarget: total <= TARGET_KB,
        notes,
      },
    ];
  },
};
