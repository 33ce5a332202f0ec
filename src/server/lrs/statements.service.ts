import { createHash, randomUUID } from 'node:crypto';
import {
  isObject,
  type JsonObject,
  parseTimestamp,
  SIGNATURE_USAGE_TYPE,
  statementColumns,
  VERB_VOIDED,
  validateStatement,
  type XapiMajor,
  XapiValidationError,
} from '../../shared/domain/xapi';
import type { FileStorage } from '../adapters/storage/storage';
import type { Database } from '../db/client';
import { activityMetrics } from '../http/activity-metrics';
import { badRequest, conflict } from '../http/errors';
import { mergeDefinitions } from './activity-definition';
import { attachmentHashes, touchAttachments, upsertAttachmentRows } from './attachments.repo';
import { checkBatchSize, createSpaceTurns, INSERT_SLICE, mapInSlices, yieldToLoop } from './batch-pacing';
import { checkSignature } from './signature';
import type { LrsSpace } from './space';
import { sameStatement } from './statement-compare';
import {
  findStatements,
  insertStatements,
  markVoided,
  type StatementRow,
  upsertActivities,
} from './statements.repo';

/** The raw bytes of one attachment sent with statements (a part of multipart/mixed). */
export interface AttachmentPart {
  sha2: string;
  contentType: string;
  data: Uint8Array;
}

export interface StoreOptions {
  /** Who vouches for the statements: the credentials' agent, or the app for its own writers. */
  authority: JsonObject;
  /** The xAPI version the statements follow (2.0 allows context agents and groups). Default 2.0. */
  version?: XapiMajor;
  attachments?: AttachmentPart[];
}

const HASHES: Record<number, string> = { 56: 'sha224', 64: 'sha256', 96: 'sha384', 128: 'sha512' };
export const storageKeyOf = (space: string, sha2: string) =>
  `lrs/${space.replace(':', '-')}/${sha2.toLowerCase()}`;

async function validated(raw: unknown[], version: XapiMajor): Promise<JsonObject[]> {
  try {
    return await mapInSlices(raw, (s, i) =>
      validateStatement(s, { version }, raw.length > 1 ? `statements[${i}]` : 'statement'),
    );
  } catch (error) {
    if (error instanceof XapiValidationError) throw badRequest(error.message);
    throw error;
  }
}

/** Fills what the LRS assigns: id, stored, timestamp, authority, version; lists context activities. */
function prepare(s: JsonObject, stored: Date, opts: StoreOptions): JsonObject {
  const out: JsonObject = { ...s };
  out.id = typeof s.id === 'string' ? s.id.toLowerCase() : randomUUID();
  out.stored = stored.toISOString();
  out.timestamp = s.timestamp ?? out.stored;
  out.authority = opts.authority;
  out.version = s.version ?? ((opts.version ?? '2.0') === '2.0' ? '2.0.0' : '1.0.0');
  return withListedContextActivities(out);
}

/**
 * Context activities as arrays (Data 2.4.6), in the statement and in a sub-statement object: done
 * once on write, so every read and format returns the stored JSON as it is (migration 0035 listed
 * the sub-statements stored before).
 */
function withListedContextActivities(s: JsonObject): JsonObject {
  const out: JsonObject = { ...s };
  const context = s.context;
  if (isObject(context) && isObject(context.contextActivities)) {
    const lists = Object.entries(context.contextActivities).map(([k, v]) => [k, Array.isArray(v) ? v : [v]]);
    out.context = { ...context, contextActivities: Object.fromEntries(lists) };
  }
  if (isObject(s.object) && s.object.objectType === 'SubStatement')
    out.object = withListedContextActivities(s.object);
  return out;
}

/** Every attachment without a fileUrl needs its bytes, every part must belong to an attachment. */
async function checkAttachments(statements: JsonObject[], parts: AttachmentPart[]): Promise<void> {
  const byHash = new Map<string, AttachmentPart>();
  for (const part of parts) {
    const algorithm = HASHES[part.sha2.length];
    const actual = algorithm ? createHash(algorithm).update(part.data).digest('hex') : '';
    if (actual !== part.sha2.toLowerCase())
      throw badRequest(
        `attachments: the part with X-Experience-API-Hash ${part.sha2} does not have that SHA-2`,
      );
    byHash.set(part.sha2.toLowerCase(), part);
  }
  const used = new Set<string>();
  for (const [i, s] of statements.entries()) {
    const list = Array.isArray(s.attachments) ? (s.attachments as JsonObject[]) : [];
    for (const [j, a] of list.entries()) {
      const path = `${statements.length > 1 ? `statements[${i}]` : 'statement'}.attachments[${j}]`;
      const sha2 = String(a.sha2).toLowerCase();
      const part = byHash.get(sha2);
      if (a.usageType === SIGNATURE_USAGE_TYPE) {
        if (a.contentType !== 'application/octet-stream')
          throw badRequest(`${path}.contentType: a signature must be application/octet-stream`);
        if (!part) throw badRequest(`${path}: the signature's JWS was not sent`);
        await checkSignature(s, part.data, path);
      }
      // The declared length is what a reader of the statement trusts before fetching the bytes.
      if (part && a.length !== part.data.length)
        throw badRequest(`${path}.length: declares ${a.length} bytes, its part has ${part.data.length}`);
      if (part) used.add(sha2);
      else if (a.fileUrl === undefined)
        throw badRequest(`${path}: no fileUrl and no multipart part with sha2 ${a.sha2}`);
    }
  }
  const unused = [...byHash.keys()].filter((h) => !used.has(h));
  if (unused.length)
    throw badRequest(`attachments: the part ${unused[0]} belongs to no statement attachment`);
}

/** In-flight writes of this process, for X-Experience-API-Consistent-Through. */
const inFlight = new Map<number, Date>();
let nextWrite = 0;
export function consistentThrough(now = new Date()): Date {
  let earliest = now;
  for (const started of inFlight.values()) if (started < earliest) earliest = started;
  return earliest;
}

export function createStatementsService(database: Database, storage: FileStorage) {
  const db = database.db;
  const upserted = recentDefinitions();

  /**
   * Stores statements (one or a batch) in one transaction and answers their ids in order. A
   * statement whose id is stored already is skipped when it is the same statement and refused
   * with 409 when it differs (stored statements never change). Voiding statements void their
   * target, also when the target arrives later.
   */
  const metrics = activityMetrics(db);
  const inTurn = createSpaceTurns(metrics.lrsBatchesWaiting);
  async function storeStatements(space: LrsSpace, raw: unknown[], opts: StoreOptions): Promise<string[]> {
    if (raw.length === 0) return [];
    checkBatchSize(raw.length);
    return inTurn(space, raw.length, () => storeChecked(space, raw, opts));
  }

  async function storeChecked(space: LrsSpace, raw: unknown[], opts: StoreOptions): Promise<string[]> {
    const statements = await validated(raw, opts.version ?? '2.0');
    await checkAttachments(statements, opts.attachments ?? []);
    const stored = new Date();
    const prepared = await mapInSlices(statements, (s) => prepare(s, stored, opts));
    const ids = prepared.map((s) => String(s.id));
    const seen = new Set<string>();
    const dup = ids.find((id) => seen.size === seen.add(id).size);
    if (dup) throw badRequest(`statements: the id ${dup} is used twice in this batch`);

    const ticket = nextWrite++;
    inFlight.set(ticket, stored);
    try {
      const rows: StatementRow[] = await mapInSlices(prepared, (s) => ({
        ...statementColumns(s),
        statementId: String(s.id),
        timestamp: parseTimestamp(s.timestamp) ?? stored,
        statement: s,
      }));
      const inserted = new Set<string>();
      await db.transaction(async (tx) => {
        // In slices: each INSERT is short, and the loop turns between them.
        for (let at = 0; at < rows.length; at += INSERT_SLICE) {
          if (at > 0) await yieldToLoop();
          for (const id of await insertStatements(tx, space, stored, rows.slice(at, at + INSERT_SLICE)))
            inserted.add(id);
        }
        if (inserted.size < rows.length) {
          // Ids stored before: the same statement again is fine, a different one is a conflict.
          const skipped = ids.filter((id) => !inserted.has(id));
          const old = new Map(
            (await findStatements(tx, space, skipped)).map((r) => [r.statementId, r.statement]),
          );
          for (const [i, s] of prepared.entries()) {
            const before = old.get(String(s.id));
            if (before && !sameStatement(statements[i], before))
              throw conflict(`A different statement with the id ${s.id} is stored already`);
          }
        }
        const targets = rows
          .filter((r) => inserted.has(r.statementId) && r.verbId === VERB_VOIDED)
          .map((r) => String(r.objectStatementId));
        await markVoided(tx, space, targets);
        const hashes = new Map((opts.attachments ?? []).map((p) => [p.sha2.toLowerCase(), p]));
        await upsertAttachmentRows(
          tx,
          [...hashes.values()].map((p) => ({
            space,
            sha2: p.sha2.toLowerCase(),
            contentType: p.contentType,
            length: p.data.length,
            storageKey: storageKeyOf(space, p.sha2),
          })),
          stored,
        );
        await touchAttachments(
          tx,
          space,
          attachmentHashes(rows.filter((r) => inserted.has(r.statementId)).map((r) => r.statement)),
          stored,
        );
        // Files while the rows above are locked: a retention sweep deleting the same file cannot run
        // between the write and the commit. Named by their hash, so a retry after a failure is harmless.
        for (const part of hashes.values())
          await storage.put(storageKeyOf(space, part.sha2), part.data, part.contentType);
      });
      // After the commit: a rolled-back batch stored nothing.
      metrics.statementsStored.inc(inserted.size);
    } finally {
      inFlight.delete(ticket);
    }
    // Canonical definitions are a cache of what statements said: kept after the commit, so batches
    // naming the same activities do not hold each other's row locks for a whole transaction.
    const fresh = upserted.fresh(space, definitions(prepared));
    await upsertActivities(db, space, fresh);
    upserted.remember(space, fresh);
    return ids;
  }

  return { storeStatements };
}

/**
 * The activity definitions this process upserted in the last seconds: a statement repeating the
 * definition it upserted a moment ago (most do: content sends the same activity again and again)
 * changes nothing, so it is not sent again.
 */
const DEFINITIONS_CACHE_MS = 10_000;
const MAX_DEFINITIONS = 20_000;

function recentDefinitions() {
  const sent = new Map<string, { json: string; at: number }>();
  const keyOf = (space: string, id: string) => `${space} ${id}`;
  return {
    /** The definitions not upserted by this process in the same form within the cache time. */
    fresh(space: string, defs: Array<{ id: string; definition: JsonObject }>) {
      const now = Date.now();
      return defs.filter((d) => {
        const hit = sent.get(keyOf(space, d.id));
        return !hit || now - hit.at >= DEFINITIONS_CACHE_MS || hit.json !== JSON.stringify(d.definition);
      });
    },
    /** After the upsert: the latest form of each (a different one replaces it). */
    remember(space: string, defs: Array<{ id: string; definition: JsonObject }>) {
      const at = Date.now();
      for (const d of defs) {
        const key = keyOf(space, d.id);
        sent.delete(key);
        if (sent.size >= MAX_DEFINITIONS) {
          const oldest = sent.keys().next().value;
          if (oldest !== undefined) sent.delete(oldest);
        }
        sent.set(key, { json: JSON.stringify(d.definition), at });
      }
    },
  };
}

/** Activity definitions carried by the statements (object, context activities, sub-statements). */
function definitions(statements: JsonObject[]): Array<{ id: string; definition: JsonObject }> {
  const found = new Map<string, JsonObject>();
  const visit = (a: unknown) => {
    if (isObject(a) && (a.objectType ?? 'Activity') === 'Activity' && isObject(a.definition))
      found.set(String(a.id), mergeDefinitions(found.get(String(a.id)) ?? {}, a.definition));
  };
  const visitStatement = (s: JsonObject) => {
    visit(s.object);
    const ca =
      isObject(s.context) && isObject(s.context.contextActivities) ? s.context.contextActivities : {};
    for (const list of Object.values(ca)) for (const a of Array.isArray(list) ? list : [list]) visit(a);
    if (isObject(s.object) && s.object.objectType === 'SubStatement') visitStatement(s.object);
  };
  statements.forEach(visitStatement);
  return [...found].map(([id, definition]) => ({ id, definition }));
}
