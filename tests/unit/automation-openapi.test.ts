/**
 * The automation API's OpenAPI document (GET /api/openapi.json) is valid, and a client generated from
 * it types the run's errors: `error.code` is the runtime's issue codes, an error answer's `errorCode`
 * the codes that status really carries.
 *
 * Validator: @readme/openapi-parser. Compared with @apidevtools/swagger-parser on this document and on
 * broken copies (a missing `$ref` target, a response without `description`): both accept the good one
 * and refuse both broken ones, but swagger-parser 13 asks for Node ≥ 22.19 (we run Node 20), and the
 * readme fork points at the line at fault instead of a JSON pointer. Both are actively released.
 * Client: openapi-typescript (the generator behind openapi-fetch), typechecked with the TypeScript API.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { validate } from '@readme/openapi-parser';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { taskRunOpenApi } from '../../src/server/automation/openapi';
import { ISSUE_CODES } from '../../src/shared/domain/runtime/state';

/** The parser's own document type is stricter than our plain-object builder; the validator judges it. */
type ParserDocument = Parameters<typeof validate>[0];
const dir = resolve('.tmp', `openapi-client-${process.pid}`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Code an integrator writes against the generated client; it must typecheck against the runtime's own types. */
const usage = (stateModule: string) => `
import type { components, paths } from './client';
import type { TRuntimeIssue } from '${stateModule}';
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Issue = components['schemas']['RunResult']['issues'][number];
type Stopped = NonNullable<components['schemas']['RunResult']['error']>;
type Answers = paths['/api/tasks/{taskId}/run']['post']['responses'];
type Body<S extends keyof Answers> = Answers[S] extends { content: { 'application/json': infer J } } ? J : never;
export const checks: [
  Same<Stopped['code'], TRuntimeIssue['code']>,
  Same<Issue['severity'], TRuntimeIssue['severity']>,
  Same<Stopped['messageKey'], string>,
  Same<Stopped['nodeId'], string | undefined>,
  Same<Body<404>['errorCode'], 'NOT_FOUND'>,
  Same<Body<429>['details']['retryAfter'], number>,
] = [true, true, true, true, true, true];
export function reason(r: components['schemas']['RunResult']): string {
  return r.error ? r.error.code + (r.error.detail ?? '') : '';
}
`;

/** Generates the client from `doc`, and answers TypeScript's complaints about USAGE (none when typed). */
async function typecheckClientOf(doc: unknown, name: string): Promise<string[]> {
  const folder = join(dir, name);
  mkdirSync(folder, { recursive: true });
  // biome-ignore lint/suspicious/noExplicitAny: openapi-typescript's document type is its own
  writeFileSync(join(folder, 'client.ts'), astToString(await openapiTS(doc as any)));
  const state = relative(folder, resolve('src/shared/domain/runtime/state')).replaceAll('\\', '/');
  writeFileSync(join(folder, 'usage.ts'), usage(state));
  const program = ts.createProgram([join(folder, 'usage.ts')], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
  });
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('[AUTOMATION] the OpenAPI document of the run call', () => {
  const doc = taskRunOpenApi('https://flowlearn.example');

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await validate(structuredClone(doc) as unknown as ParserDocument);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('refuses a document with a dangling reference (the validator really checks)', async () => {
    const broken = structuredClone(doc) as { components: { schemas: Record<string, unknown> } };
    delete broken.components.schemas.RuntimeIssue;
    expect((await validate(broken as unknown as ParserDocument)).valid).toBe(false);
  });

  it("describes the runtime's issues with the real codes", () => {
    const issue = doc.components.schemas.RuntimeIssue;
    expect(issue.properties.code.enum).toEqual([...ISSUE_CODES]);
    expect(issue.properties.severity.enum.sort()).toEqual(['error', 'info', 'warning']);
    expect(issue.required).toEqual(['code', 'severity', 'messageKey']);
  });

  it('generates a client that types error.code, severity and each error status', async () => {
    expect(await typecheckClientOf(doc, 'typed')).toEqual([]);
  }, 60_000);

  it('the generated client stops typechecking if RunResult.error is a bare object again', async () => {
    const bare = structuredClone(doc) as ReturnType<typeof taskRunOpenApi>;
    (bare.components.schemas.RunResult.properties as Record<string, unknown>).error = { type: 'object' };
    const complaints = await typecheckClientOf(bare, 'bare');
    expect(complaints.join('\n')).toMatch(/is not assignable to type 'false'|does not exist/);
  }, 60_000);
});
