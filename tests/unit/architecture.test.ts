import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkArchitecture, formatViolations, readImports, type SourceFile } from './architecture.rules';

const root = join(import.meta.dirname, '..', '..');

function sources(dir: string): SourceFile[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => {
      const full = join(entry.parentPath, entry.name);
      return { path: relative(root, full).split('\\').join('/'), text: readFileSync(full, 'utf8') };
    });
}

describe('[FOUNDATION] architecture: direction of imports (ARCHITECTURE §2)', () => {
  it('src/ and sw/ keep every rule', () => {
    const files = [...sources('src'), ...sources('sw')];
    expect(files.length).toBeGreaterThan(0);
    const violations = checkArchitecture(files);
    // One line per broken import: `file:line imports 'x': rule`.
    expect(formatViolations(violations), 'imports that break ARCHITECTURE §2').toBe('');
  });

  it('reads every kind of import, and only real ones', () => {
    const text = [
      "import a from './a';",
      "import type { B } from './b';",
      'import {',
      '  c,',
      "} from './c';",
      "export * from './d';",
      "export type { E } from './e';",
      "// import x from './comment';",
      'const s = "import y from \'./string\'";',
      "const lazy = () => import('./lazy');",
      "type T = import('./type-query').T;",
    ].join('\n');
    const refs = readImports('src/app/x.ts', text).map((r) => `${r.specifier}${r.typeOnly ? ' (type)' : ''}`);
    expect(refs).toEqual(['./a', './b (type)', './c', './d', './e (type)', './lazy', './type-query (type)']);
  });

  it('catches a violation of each rule', () => {
    const fake: SourceFile[] = [
      {
        path: 'src/shared/domain/a.ts',
        text: "import { x } from '../../server/env';\nimport 'react';\nimport 'node:fs';",
      },
      { path: 'src/server/flows/flows.service.ts', text: "import { Button } from '../../ui/Button';" },
      {
        path: 'sw/sw.ts',
        text: "import { api } from '../src/app/api-client';\nimport { ok } from '../src/shared/ok';",
      },
      { path: 'src/ui/Table.tsx', text: "import { store } from '../features/flows/flows.store';" },
      {
        path: 'src/features/flows/List.tsx',
        text: "import { x } from '../canvas/canvas.store';\nimport '../../app/routes';",
      },
      { path: 'src/features/flows/flows.api.ts', text: "import { t } from '../../server/env';" },
      { path: 'src/features/flows/types.ts', text: "import type { AppType } from '../../server/app';" },
      { path: 'src/app/main.tsx', text: "import { createApp } from '../server/app';" },
      { path: 'src/server/flows/flows.service.ts', text: "import { flows } from '../db/schema';" },
      { path: 'src/server/flows/flows.repo.ts', text: "import { flows } from '../db/schema/flows';" },
      { path: 'src/server/db/seed.ts', text: "import { users } from './schema';" },
      {
        path: 'src/server/db/migrate.ts',
        text: "import { PGlite } from '@electric-sql/pglite';\nimport pg from 'pg';",
      },
      {
        path: 'src/server/db/client.ts',
        text: "import { PGlite } from '@electric-sql/pglite';\nimport pg from 'pg';",
      },
    ];
    const found = checkArchitecture(fake).map((v) => `${v.file}:${v.line} ${v.specifier}`);
    expect(found).toEqual([
      'src/shared/domain/a.ts:1 ../../server/env',
      'src/shared/domain/a.ts:2 react',
      'src/shared/domain/a.ts:3 node:fs',
      'src/server/flows/flows.service.ts:1 ../../ui/Button',
      'sw/sw.ts:1 ../src/app/api-client',
      'src/ui/Table.tsx:1 ../features/flows/flows.store',
      'src/features/flows/List.tsx:1 ../canvas/canvas.store',
      'src/features/flows/List.tsx:2 ../../app/routes',
      'src/features/flows/flows.api.ts:1 ../../server/env',
      'src/app/main.tsx:1 ../server/app',
      'src/server/flows/flows.service.ts:1 ../db/schema',
      'src/server/db/migrate.ts:1 @electric-sql/pglite',
      'src/server/db/migrate.ts:2 pg',
    ]);
  });
});
