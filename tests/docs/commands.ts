import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Every shell command the README and docs/ show, and what CI does with each. A command is either
 * RUN as written by `tests/docs/examples.ts` (the docs step of `.ci/run`), or COVERED: run by
 * another CI step, or not runnable on a CI machine, with the reason. A command that matches no
 * rule fails the unit test `tests/unit/docs-commands.test.ts`, so a new example cannot slip in
 * unchecked.
 */
export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface DocCommand {
  command: string;
  /** Where it is shown, e.g. `README.md:13`. */
  where: string;
}

/** What a RUN rule does; the runner implements each kind. */
export type RunKind =
  | 'start' // starts the app, signs in as the demo account, stops it with SIGTERM
  | 'dev' // the dev servers answer /editor and /api/health through the proxy
  | 'vitest' // runs as written; at least one test must run and none fail
  | 'lint-fix' // runs as written; it must change no file of a clean tree
  | 'db-generate' // runs as written; the schema and the migrations' snapshot must agree
  | 'test-times' // runs as written after the unit tests wrote their report
  | 'backup'; // pg_dump then pg_restore into an empty database, and the app starts on the copy

export type Rule = { match: RegExp } & ({ run: RunKind } | { covered: string });

export const RULES: Rule[] = [
  { match: /^npm install && npm start$/, run: 'start' },
  { match: /^npm start$/, covered: 'the same start as `npm install && npm start`, run as written' },
  { match: /^npm run dev$/, run: 'dev' },
  { match: /^npx vitest run tests\/\S+\.test\.ts( -t "[^"]+")?$/, run: 'vitest' },
  { match: /^npm run lint:fix$/, run: 'lint-fix' },
  { match: /^npm run db:generate$/, run: 'db-generate' },
  { match: /^npm run test:times$/, run: 'test-times' },
  { match: /^pg_dump --format=custom --file=flowlearn\.dump "\$DATABASE_URL"$/, run: 'backup' },
  { match: /^pg_restore --dbname=… flowlearn\.dump$/, run: 'backup' },
  { match: /^npm (test|ci)$/, covered: '`.ci/run` runs `npm ci`, then `npm test` exactly' },
  {
    match: /^npm run (typecheck|lint|test:unit|test:e2e|build)$/,
    covered: 'part of `npm test` (the build: of `npm start` and the browser tests)',
  },
  {
    match: /^(GUIDE_SHOTS=1 )?npm run test:e2e -- \w+$/,
    covered: '`npm test` runs every browser test; the unit test checks the filter selects a file',
  },
  {
    match:
      /^(npm run test:api:pg|TEST_DATABASE_URL=postgres:\/\/… npx vitest run tests\/api --no-file-parallelism)$/,
    covered: 'the PostgreSQL step of `.ci/run` runs the API tests this way',
  },
  {
    match: /^((?:[A-Z_]+=\S+ )*npm run bench( -- ([\w-]+|<name>))?|npx tsx tests\/bench\/\S+\.ts)$/,
    covered: 'benches measure for minutes on a quiet machine; the unit test checks each one exists',
  },
  {
    match: /^docker compose /,
    covered:
      'CI machines have no container engine: tests/unit/deploy checks the files, tests/api/scale-out.test.ts two servers',
  },
  {
    match: /^(git pull && )?npm install$/,
    covered: '`npm install` runs as written in `npm install && npm start`; `git pull` needs a remote',
  },
];

const COMMAND = /^(?:[A-Z_]+=\S+ )*(?:npm|npx|pg_dump|pg_restore|docker|git|curl|bash) \S/;

const docFiles = () => [
  join(root, 'README.md'),
  ...readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(root, 'docs', f)),
];

/** Inline code spans and the lines of fenced blocks that are commands; a trailing `# …` is a comment. */
export function docCommands(): DocCommand[] {
  const found: DocCommand[] = [];
  for (const file of docFiles()) {
    let fenced = false;
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        const where = `${relative(root, file)}:${i + 1}`;
        if (line.trimStart().startsWith('```')) {
          fenced = !fenced;
          return;
        }
        const candidates = fenced
          ? [line.replace(/\s+#.*$/, '').trim()]
          : [...line.matchAll(/`([^`]+)`/g)].map((m) => m[1].trim());
        for (const command of candidates) if (COMMAND.test(command)) found.push({ command, where });
      });
  }
  return found;
}

export const ruleFor = (command: string) => RULES.find((r) => r.match.test(command));
