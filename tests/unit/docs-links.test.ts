import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The README and docs/ speak of this repository: every link leads somewhere, every example exists. */
const root = join(__dirname, '..', '..');
const docs = [
  join(root, 'README.md'),
  ...readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(root, 'docs', f)),
];

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

const anchorsIn = (file: string) =>
  new Set(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => /^#{1,6} /.test(l))
      .map((l) => anchorOf(l.replace(/^#+ /, ''))),
  );

describe('[DOCS] links and examples', () => {
  it('every relative link of the README and docs/ names a file (and heading) that exists', () => {
    const dead: string[] = [];
    for (const file of docs) {
      for (const [, target] of readFileSync(file, 'utf8').matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target)) continue;
        const [path, anchor] = target.split('#');
        const to = path ? join(dirname(file), path) : file;
        if (!existsSync(to)) dead.push(`${relative(root, file)} → ${target}`);
        else if (anchor && to.endsWith('.md') && !anchorsIn(to).has(anchor))
          dead.push(`${relative(root, file)} → ${target} (no such heading)`);
      }
    }
    expect(dead).toEqual([]);
  });

  it("the README's test examples name a file and a test that exist", () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const files = [...readme.matchAll(/npx vitest run (tests\/\S+\.test\.ts)/g)].map((m) => m[1]);
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(existsSync(join(root, f)), f).toBe(true);
    const names = [...readme.matchAll(/npx vitest run -t "([^"]+)"/g)].map((m) => m[1]);
    expect(names.length).toBeGreaterThan(0);
    const tests = readdirSync(join(root, 'tests'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.test.ts') || f.endsWith('.test.tsx'))
      .map((f) => readFileSync(join(root, 'tests', f), 'utf8'))
      .join('\n');
    for (const n of names) expect(tests.includes(n), `a test titled "${n}"`).toBe(true);
  });
});
