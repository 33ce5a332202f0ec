import { builtinModules } from 'node:module';
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';

/**
 * The import rules of ARCHITECTURE §2 "Direction of imports", checked by reading the source.
 * Parsed with the TypeScript compiler API (typescript 6.0 is a devDependency) rather than regexes,
 * so comments, strings and multi-line imports cannot fool it.
 */
export interface ImportRef {
  specifier: string;
  /** `import type` / `export type` only: erased at build, so it creates no runtime dependency. */
  typeOnly: boolean;
  line: number;
}

export interface SourceFile {
  /** Repo-relative path with forward slashes, e.g. `src/ui/Button.tsx`. */
  path: string;
  text: string;
}

export function readImports(path: string, text: string): ImportRef[] {
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const found: ImportRef[] = [];
  const add = (node: ts.Node, literal: ts.Expression | undefined, typeOnly: boolean) => {
    if (!literal || !ts.isStringLiteralLike(literal)) return;
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    found.push({ specifier: literal.text, typeOnly, line });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) {
      add(node, node.moduleSpecifier, node.importClause?.isTypeOnly ?? false);
    } else if (ts.isExportDeclaration(node)) {
      add(node, node.moduleSpecifier, node.isTypeOnly);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node, node.moduleReference.expression, node.isTypeOnly);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node, node.argument.literal as ts.Expression, true);
    } else if (ts.isCallExpression(node)) {
      const isImport = node.expression.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(node.expression) && node.expression.text === 'require';
      if (isImport || isRequire) add(node, node.arguments[0], false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Where a file or a resolved relative import lives. */
type Layer = 'shared' | 'server' | 'app' | 'ui' | 'features' | 'sw' | 'other';

function layerOf(path: string): Layer {
  if (path.startsWith('sw/')) return 'sw';
  const m = /^src\/(shared|server|app|ui|features)\//.exec(path);
  return m ? (m[1] as Layer) : 'other';
}

const featureOf = (path: string) => /^src\/features\/([^/]+)\//.exec(path)?.[1] ?? null;

const builtins = new Set(builtinModules);
const isNodeBuiltin = (s: string) => s.startsWith('node:') || builtins.has(s.split('/')[0]);
const isReact = (s: string) => /^(react|react-dom)(\/|$)|^react-|\/react(\/|$)/.test(s);
const isPackage = (s: string, name: string) => s === name || s.startsWith(`${name}/`);
const isSchema = (target: string) => /^src\/server\/db\/schema(\/|$)/.test(target);

export interface Violation {
  file: string;
  line: number;
  specifier: string;
  rule: string;
}

/** Checks every import of every file; returns the broken rules (empty when all is well). */
export function checkArchitecture(files: SourceFile[]): Violation[] {
  const violations: Violation[] = [];
  for (const file of files) {
    const from = layerOf(file.path);
    const feature = featureOf(file.path);
    const client = from === 'app' || from === 'ui' || from === 'features';
    for (const ref of readImports(file.path, file.text)) {
      const fail = (rule: string) =>
        violations.push({ file: file.path, line: ref.line, specifier: ref.specifier, rule });
      const s = ref.specifier;
      const relative = s.startsWith('.');
      // Resolved repo-relative target of a relative import, without its extension guess.
      const target = relative ? normalize(join(dirname(file.path), s)).replace(/\\/g, '/') : '';
      const to: Layer | 'package' = relative ? layerOf(`${target}/`) : 'package';
      const ours = to !== 'package' && to !== 'other';

      if (from === 'shared') {
        if (ours && to !== 'shared') fail(`src/shared imports nothing of ours but src/shared (found ${to})`);
        if (!relative && isReact(s)) fail('src/shared must not use React');
        if (!relative && isNodeBuiltin(s)) fail('src/shared must not use Node APIs');
      }
      if (from === 'server' && ours && to !== 'server' && to !== 'shared') {
        fail(`src/server imports only src/server and src/shared (found ${to})`);
      }
      if (from === 'sw' && ours && to !== 'sw' && to !== 'shared')
        fail(`sw imports only src/shared (found ${to})`);
      if (from === 'ui' && ours && to !== 'ui' && to !== 'shared')
        fail(`src/ui imports only src/shared (found ${to})`);
      if (from === 'features' && ours) {
        const other = featureOf(`${target}/`);
        if (to === 'features' && other !== feature)
          fail(`a feature never imports another feature (${other})`);
        if (to === 'app' || to === 'sw') fail(`src/features import only src/ui and src/shared (found ${to})`);
      }
      if (client && to === 'server' && !ref.typeOnly)
        fail('the client imports src/server only with `import type`');
      if (
        relative &&
        isSchema(target) &&
        !/\.repo\.ts$/.test(file.path) &&
        !file.path.startsWith('src/server/db/')
      ) {
        fail('only *.repo.ts files and src/server/db/ import src/server/db/schema');
      }
      const driver = !relative && (isPackage(s, '@electric-sql/pglite') || isPackage(s, 'pg'));
      if (driver && file.path !== 'src/server/db/client.ts')
        fail('only src/server/db/client.ts imports PGlite or pg');
    }
  }
  return violations;
}

export function formatViolations(violations: Violation[]): string {
  return violations.map((v) => `${v.file}:${v.line} imports '${v.specifier}': ${v.rule}`).join('\n');
}
