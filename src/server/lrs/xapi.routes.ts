import { Hono } from 'hono';
import { XAPI_LATEST, type XapiMajor } from '../../shared/domain/xapi';
import type { FileStorage } from '../adapters/storage/storage';
import type { AppDeps, AppEnv } from '../http/context';
import { AppError, badRequest } from '../http/errors';
import { limitBody } from '../http/security';
import { createCmi5Guard } from './cmi5-guard';
import { createCmi5Lms } from './cmi5-lms';
import { createCredentialsService } from './credentials.service';
import { createDocumentsService } from './documents.service';
import { cmi5Fetch } from './launch-fetch';
import { checkLaunchDocument } from './launch-scope';
import { createStatementsReader } from './statements.query';
import { consistentThrough, createStatementsService } from './statements.service';
import { documentsHandler, isDocumentResource } from './xapi/documents.handler';
import { about, activity, person } from './xapi/misc.handler';
import { majorOf, readXapiRequest, type XapiRequest } from './xapi/request';
import { corsHeaders, type XapiResponse } from './xapi/respond';
import { statementsHandler } from './xapi/statements.handler';

const isStatementsPath = (path: string) => /^\/xapi\/statements\/?$/.test(path);

const methodNotAllowed = (req: XapiRequest) =>
  new AppError(
    'METHOD_NOT_ALLOWED',
    405,
    `${req.method} is not allowed on ${req.resource || 'the xAPI root'}`,
  );

/**
 * The xAPI endpoint at /xapi/ (outside /api/: xAPI clients append resource names to a base URL).
 * Every answer, errors included, carries X-Experience-API-Version and CORS headers; errors are the
 * app's JSON envelope with a message.
 */
export function xapiRoutes(deps: AppDeps, storage: FileStorage) {
  const credentials = createCredentialsService(deps);
  const writer = createStatementsService(deps.database, storage);
  const reader = createStatementsReader(deps.database, storage);
  const cmi5Lms = createCmi5Lms(deps);
  const cmi5Guard = createCmi5Guard(deps);
  const statements = statementsHandler(
    writer,
    reader,
    (client, stored, origin) =>
      client.launch
        ? cmi5Lms.afterStatements(client.space, client.launch, stored, origin)
        : Promise.resolve(),
    (client, batch) => (client.launch ? cmi5Guard(client.space, client.launch, batch) : Promise.resolve()),
  );
  const documents = documentsHandler(createDocumentsService(deps.database));
  const db = deps.database.db;

  async function dispatch(
    req: XapiRequest,
    origin: string,
    authorization: string | undefined,
  ): Promise<XapiResponse> {
    if (req.resource === 'about') {
      if (req.method !== 'GET' && req.method !== 'HEAD') throw methodNotAllowed(req);
      return about();
    }
    if (!req.version)
      throw badRequest(
        req.versionHeader === undefined
          ? 'X-Experience-API-Version: the header is required (1.0.x or 2.0.x)'
          : `X-Experience-API-Version: ${req.versionHeader} is not supported (1.0.x or 2.0.x)`,
      );
    const client = await credentials.authenticate(req.headers.authorization ?? authorization);
    if (!client)
      throw new AppError(
        'UNAUTHENTICATED',
        401,
        'xAPI credentials are missing or wrong (HTTP Basic key:secret)',
      );
    const read = req.method === 'GET' || req.method === 'HEAD';
    // A package's launch credentials reach statements and their own documents only (launch-scope.ts).
    if (client.launch && req.resource !== 'statements') checkLaunchDocument(req, client.launch);
    if (req.resource === 'statements') {
      if (read) return statements.get(req, client);
      if (req.method === 'POST') return statements.post(req, client, origin);
      if (req.method === 'PUT') return statements.put(req, client, origin);
      throw methodNotAllowed(req);
    }
    if (isDocumentResource(req.resource)) return documents(req, client);
    if (req.resource === 'activities' && read) return activity(db, req, client);
    if (req.resource === 'agents' && read) return person(db, req, client);
    throw new AppError('NOT_FOUND', 404, `No xAPI resource ${req.resource || '(root)'}`);
  }

  /** The version each request spoke, also when it came in the alternate syntax's form fields. */
  const spoken = new WeakMap<Request, XapiMajor>();
  const app = new Hono<AppEnv>();
  // After the handler (or the error middleware) has answered: the headers every xAPI answer has.
  app.use('*', async (c, next) => {
    await next();
    // Its request's version; none or one this LRS does not speak is answered as 2.0.0 (the one
    // place 1.0.3, which would say 1.0.3, and 2.0 disagree: we follow the newer one).
    const major = spoken.get(c.req.raw) ?? majorOf(c.req.header('x-experience-api-version')) ?? '2.0';
    c.res.headers.set('X-Experience-API-Version', XAPI_LATEST[major]);
    // Every answer of the statements resource, refusals and the voided statement's included.
    if (isStatementsPath(c.req.path) && !c.res.headers.has('X-Experience-API-Consistent-Through'))
      c.res.headers.set('X-Experience-API-Consistent-Through', consistentThrough().toISOString());
    for (const [k, v] of Object.entries(corsHeaders(c.req.header('origin')))) c.res.headers.set(k, v);
    if (c.res.status === 401) c.res.headers.set('WWW-Authenticate', 'Basic realm="Flowlearn xAPI"');
  });
  app.use('*', limitBody(deps.env.XAPI_BODY_LIMIT_BYTES));
  app.options('*', (c) => c.body(null, 204));
  app.post('/launch/:id/fetch/:code', cmi5Fetch(deps));
  app.all('*', async (c) => {
    const req = await readXapiRequest(c);
    if (req.version) spoken.set(c.req.raw, req.version);
    const origin = deps.env.PUBLIC_URL ?? new URL(c.req.url).origin;
    const res = await dispatch(req, origin, c.req.header('authorization'));
    const headers = new Headers(res.headers);
    const body = req.method === 'HEAD' || res.body === undefined || res.body === null ? null : res.body;
    return new Response(body as BodyInit | null, { status: res.status, headers });
  });
  return app;
}
