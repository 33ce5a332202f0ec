/**
 * The learning record store for the rest of the server (the learner player, flow nodes, reports):
 * the same store /xapi/ uses, without HTTP.
 *
 *   const lrs = createLrsService(deps);
 *   const space = lrsSpace({ orgId: c.get('space').orgId, userId: c.get('auth').userId });
 *   const [id] = await lrs.storeStatements(space, [withFlowlearnContext(statement, { assignmentId, flowId })]);
 *   const page = await lrs.queryStatements(space, { assignmentId, verb }, { limit: 100 });
 *   const next = page.next && (await lrs.queryStatements(space, { assignmentId, verb }, { limit: 100, cursor: page.next }));
 *
 * storeStatements validates (xAPI 2.0 rules by default) and throws AppError 400 with the property
 * at fault, or 409 when a different statement with the same id is stored. Filters: verb, activity
 * (+ relatedActivities), agent (an identifier from agentIfi; + relatedAgents), registration, since,
 * until, and for reports assignmentId, flowId, actor — all served by indexes (schema/lrs.ts).
 */
import type { JsonObject } from '../../shared/domain/xapi';
import { createFileStorage } from '../adapters/storage/storage';
import type { AppDeps } from '../http/context';
import type { LrsSpace } from './space';
import { createStatementsReader, type QueryOptions, type StatementPage } from './statements.query';
import type { StatementFilter } from './statements.repo';
import { createStatementsService, type StoreOptions } from './statements.service';

export { type LrsSpace, lrsSpace } from './space';
export type { QueryOptions, StatementPage } from './statements.query';
export type { Cursor, StatementFilter } from './statements.repo';

/** The authority of statements the app writes itself (not through credentials). */
export const APP_AUTHORITY: JsonObject = {
  objectType: 'Agent',
  name: 'Flowlearn',
  account: { homePage: 'https://flowlearn.app', name: 'flowlearn' },
};

export interface LrsService {
  storeStatements(space: LrsSpace, statements: unknown[], opts?: Partial<StoreOptions>): Promise<string[]>;
  queryStatements(space: LrsSpace, filter: StatementFilter, opts?: QueryOptions): Promise<StatementPage>;
  getStatement(space: LrsSpace, id: string): Promise<JsonObject | null>;
}

export function createLrsService(deps: AppDeps): LrsService {
  const storage = deps.storage ?? createFileStorage(deps.env, deps.logger);
  const writer = createStatementsService(deps.database, storage);
  const reader = createStatementsReader(deps.database, storage);
  return {
    storeStatements: (space, statements, opts = {}) =>
      writer.storeStatements(space, statements, { authority: APP_AUTHORITY, version: '2.0', ...opts }),
    queryStatements: (space, filter, opts) => reader.queryStatements(space, filter, opts),
    getStatement: async (space, id) => (await reader.getStatement(space, id))?.statement ?? null,
  };
}
