import { type Context, Hono } from 'hono';
import { ZCollectionIdParam } from '../../shared/contract/collections';
import { ZUpdateFlowRequestFast } from '../../shared/contract/flow-graph-fast';
import {
  FLOW_IMPORT_MAX_BYTES,
  FlowMessage,
  ZCreateFlowRequest,
  ZFlowIdParam,
  ZFlowListQuery,
  ZFlowSearchQuery,
  ZImportQuery,
  ZMoveFlowsRequest,
  ZProjectFlowsQuery,
} from '../../shared/contract/flows';
import { callerOf } from '../collections/access';
import type { CollectionsService } from '../collections/collections.service';
import { requireAuth } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/context';
import { badRequest } from '../http/errors';
import { orgScope } from '../http/org-scope';
import { limitBody } from '../http/security';
import { jsonBody, params, query } from '../http/validate';
import { createFlowIoService } from './flow-io.service';
import { createFlowsService } from './flows.service';

/** Import bodies may be larger than other requests; app.ts leaves these paths to the route's own limit. */
export const isFlowImportPath = (path: string): boolean =>
  /^\/api\/(flows\/[^/]+|server-flow)\/import\/?$/.test(path);

/** `If-Match: 3`, `"3"` or `W/"3"`: the revision an import replaces. */
function ifMatchRevision(c: Context<AppEnv>): number | undefined {
  const header = c.req.header('if-match')?.trim();
  if (!header) return undefined;
  const match = /^(?:W\/)?"?(\d{1,9})"?$/.exec(header);
  if (!match) throw badRequest('If-Match must be the revision number of the flow');
  return Number(match[1]);
}

const bodyBytes = async (c: Context<AppEnv>) => new Uint8Array(await c.req.arrayBuffer());

/**
 * /api/flows/*, /api/server-flow/* and /api/projects/{id}/flows. Every route needs a signed-in user in
 * the space of the orgId header. A flow without a project is its author's alone; a flow in a collection
 * is read and edited by every role of the collection, deleted and moved by its author, owner and admins.
 */
export function flowsRoutes(deps: AppDeps, collections: CollectionsService) {
  const flows = createFlowsService(deps, collections);
  const io = createFlowIoService(deps, flows);
  const auth = requireAuth(deps);
  const scope = orgScope(deps);
  const importLimit = limitBody(FLOW_IMPORT_MAX_BYTES);
  const id = (c: Context<AppEnv>) => params(c, ZFlowIdParam).id;

  return (
    new Hono<AppEnv>()
      // any signed-in user; with a projectId, any role in that collection
      .post('/flows', auth, scope, async (c) => {
        const body = await jsonBody(c, ZCreateFlowRequest);
        return c.json({ data: await flows.create(callerOf(c), body), message: FlowMessage.created }, 201);
      })
      .get('/flows/user', auth, scope, async (c) => {
        const { limit } = query(c, ZFlowListQuery);
        return c.body(await flows.listUserJson(callerOf(c), limit), 200, {
          'Content-Type': 'application/json',
        });
      })
      .get('/flows/search', auth, scope, async (c) => {
        const { keyword, limit } = query(c, ZFlowSearchQuery);
        return c.json(await flows.search(callerOf(c), keyword, limit));
      })
      // manage rights on every flow, any role in the target collection
      .post('/flows/move-to-project', auth, scope, async (c) => {
        const body = await jsonBody(c, ZMoveFlowsRequest);
        return c.json(await flows.move(callerOf(c), body.flowIds, body.projectId));
      })
      // read rights on every flow, any role in the target collection
      .post('/flows/copy-to-project', auth, scope, async (c) => {
        const body = await jsonBody(c, ZMoveFlowsRequest);
        return c.json(await flows.copy(callerOf(c), body.flowIds, body.projectId));
      })
      .get('/flows/:id', auth, scope, async (c) => {
        const flowId = id(c);
        const text = await flows.getJson(callerOf(c), flowId);
        // the same text as the flow's last save answered, until the flow changes
        c.set('answerKey', `flow:${flowId}`);
        return c.body(text, 200, { 'Content-Type': 'application/json' });
      })
      .put('/flows/:id', auth, scope, async (c) => {
        const flowId = id(c);
        const text = await flows.save(callerOf(c), flowId, await jsonBody(c, ZUpdateFlowRequestFast));
        c.set('answerKey', `flow:${flowId}`);
        return c.body(text, 200, { 'Content-Type': 'application/json' });
      })
      .delete('/flows/:id', auth, scope, async (c) =>
        c.json({ message: await flows.remove(callerOf(c), id(c)) }),
      )
      .post('/flows/:id/duplicate', auth, scope, async (c) => {
        const data = await flows.duplicate(callerOf(c), id(c));
        return c.json({ data, message: FlowMessage.duplicated }, 201);
      })
      .get('/flows/:id/export', auth, scope, async (c) => {
        const { bytes, fileName } = await io.exportFile(callerOf(c), id(c));
        const ascii = fileName.replace(/[^\x20-\x7e]/g, '_');
        return c.body(bytes.slice().buffer as ArrayBuffer, 200, {
          'Content-Type': 'application/octet-stream',
          'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
          'Cache-Control': 'no-store',
        });
      })
      .post('/flows/:id/import', importLimit, auth, scope, async (c) => {
        const flowId = id(c);
        const revision = ifMatchRevision(c);
        return c.json(await io.importInto(callerOf(c), flowId, await bodyBytes(c), revision));
      })
      .post('/server-flow/import', importLimit, auth, scope, async (c) => {
        const { projectId } = query(c, ZImportQuery);
        return c.json(await io.importNew(callerOf(c), await bodyBytes(c), projectId), 201);
      })
      .get('/server-flow/:id', auth, scope, async (c) =>
        c.json({ data: await flows.get(callerOf(c), id(c)) }),
      )
      // any role in the collection
      .get('/projects/:id/flows', auth, scope, async (c) => {
        const projectId = params(c, ZCollectionIdParam).id;
        const q = query(c, ZProjectFlowsQuery);
        return c.json({ data: await flows.listInProject(callerOf(c), projectId, q.sortBy, q.keyword) });
      })
  );
}
