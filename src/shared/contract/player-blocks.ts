import { z } from 'zod';
import { SERVER_BLOCK_TYPES } from '../domain/runtime/server-blocks';
import { zText } from './text';

/**
 * Blocks the server runs for the learner player (API Call, Web Search, Web Crawler; runtime
 * server-blocks.ts). Same callers as the player's AI route:
 *   POST /api/player/assignment/{id}/flow/{flowId}/block   TPlayerBlockRequest → { data: TPlayerBlockResult }
 *   POST /api/player/public/{code}/flow/{flowId}/block     TPlayerBlockRequest → { data: TPlayerBlockResult }
 * The block must be in the saved flow with that id and type (404 otherwise): the server reads its
 * settings (URL, headers, secrets) from its own copy; the caller sends only linked values and variables.
 */
export const PLAYER_BLOCK_TEXT_MAX = 20_000;
export const PLAYER_BLOCK_VARIABLES_MAX = 100;

export const PLAYER_BLOCK_JSON_DEPTH = 32;
export const PLAYER_BLOCK_CSV_ROWS = 5_000;

/** JSON no deeper than the limit, checked without recursion (zod's z.json() overflows the stack on deep input). */
function shallowJson(value: unknown): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (v === null || typeof v === 'boolean' || typeof v === 'string') continue;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return false;
      continue;
    }
    if (typeof v !== 'object' || depth >= PLAYER_BLOCK_JSON_DEPTH) return false;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return true;
}

/**
 * Only the value types these blocks take in: text (a query, a link, slides), rows and JSON (a body, a
 * template's data), and a file's link (Drive upload: the server reads only files the caller may open).
 */
const ZBlockValue = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: zText().max(PLAYER_BLOCK_TEXT_MAX) }),
  z.object({
    type: z.literal('csv'),
    rows: z.array(z.array(zText().max(PLAYER_BLOCK_TEXT_MAX)).max(100)).max(PLAYER_BLOCK_CSV_ROWS),
  }),
  z.object({
    type: z.literal('json'),
    json: z.unknown().refine(shallowJson, `must be JSON nested at most ${PLAYER_BLOCK_JSON_DEPTH} deep`),
  }),
  z.object({
    type: z.literal('file'),
    url: zText().min(1).max(2_000),
    name: zText().max(300).optional(),
    mediaType: zText().max(200).optional(),
  }),
]);

export const ZPlayerBlockRequest = z.object({
  nodeId: zText().min(1).max(200),
  nodeType: z.enum(SERVER_BLOCK_TYPES),
  inputs: z
    .partialRecord(z.enum(['body', 'query', 'url', 'data', 'csv', 'content', 'file', 'text']), ZBlockValue)
    .default({}),
  variables: z
    .record(zText().max(200), zText().max(PLAYER_BLOCK_TEXT_MAX))
    .refine((v) => Object.keys(v).length <= PLAYER_BLOCK_VARIABLES_MAX, {
      message: `at most ${PLAYER_BLOCK_VARIABLES_MAX} variables`,
    })
    .default({}),
});
export type TPlayerBlockRequest = z.infer<typeof ZPlayerBlockRequest>;

export const ZPlayerBlockResult = z.union([
  z.object({
    ok: z.literal(true),
    /** The runtime's values (TValue) by output handle. */
    outputs: z.record(zText(), z.looseObject({ type: zText() })),
    summary: zText().optional(),
  }),
  z.object({ ok: z.literal(false), errorCode: zText(), configured: z.boolean() }),
]);
export type TPlayerBlockResult = z.infer<typeof ZPlayerBlockResult>;
