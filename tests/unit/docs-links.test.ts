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
    // `-t` with its file: alone it would run every file to look for the title.
    const named = [...readme.matchAll(/npx vitest run (tests\/\S+\.test\.ts) -t "([^"]+)"/g)];
    expect(named.length).toBeGreaterThan(0);
    for (const [, file, title] of named)
      expect(
        readFileSync(join(root, file), 'utf8').includes(title),
        `${file}: a test titled "${title}"`,
      ).toBe(true);
    expect(readme).not.toMatch(/npx vitest run -t/);
  });

  it('every npm script, bench and setting the README and docs/ name exists, and every setting is in the table', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const benches = readFileSync(join(root, 'tests/bench/run.ts'), 'utf8');
    const wrong: string[] = [];
    for (const file of docs) {
      const text = readFileSync(file, 'utf8');
      for (const [, script] of text.matchAll(/npm run ([\w:-]+)/g))
        if (!(script in pkg.scripts)) wrong.push(`${relative(root, file)}: npm run ${script}`);
      for (const [, bench] of text.matchAll(/npm run bench -- (\w+)/g))
        if (!benches.includes(`${bench}Bench`)) wrong.push(`${relative(root, file)}: bench ${bench}`);
    }
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const env = readFileSync(join(root, 'src/server/env.ts'), 'utf8');
    for (const [, name] of env.matchAll(/^ {2}([A-Z][A-Z0-9_]+): z/gm))
      if (!readme.includes(`\`${name}\``)) wrong.push(`README: no row for ${name}`);
    expect(wrong).toEqual([]);
  });
});
