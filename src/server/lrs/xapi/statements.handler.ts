import {
  agentIfi,
  checkActor,
  isUuid,
  parseTimestamp,
  XapiValidationError,
} from '../../../shared/domain/xapi';
import { badRequest, forbidden, notFound } from '../../http/errors';
import type { XapiClient } from '../credentials.service';
import { scopeLaunchStatements } from '../launch-scope';
import { boundaryOf, buildMultipart, declaredBoundary, parseMultipart } from '../multipart';
import { acceptedLanguages, type StatementFormat } from '../statement-format';
import type { StatementsReader } from '../statements.query';
import type { Cursor, StatementFilter } from '../statements.repo';
import { type AttachmentPart, consistentThrough, type createStatementsService } from '../statements.service';
import { allowParams, booleanParam, parseJson, type XapiRequest } from './request';
import { httpDate, json, noContent, type XapiResponse } from './respond';

type Writer = ReturnType<typeof createStatementsService>;
const QUERY_PARAMS = [
  'agent',
  'verb',
  'activity',
  'registration',
  'related_activities',
  'related_agents',
  'since',
  'until',
  'limit',
  'format',
  'attachments',
  'ascending',
];

/** The authority stamped on statements sent with these credentials. */
export function authorityOf(client: XapiClient, origin: string) {
  return { objectType: 'Agent', name: client.name, account: { homePage: origin, name: client.key } };
}

/** Statements and attachment parts from a JSON or multipart/mixed body. */
function readBody(req: XapiRequest): { statements: unknown; parts: AttachmentPart[] } {
  const type = req.contentType.toLowerCase();
  // Liberal with real clients: @xapi/xapi over axios sends its multipart body as a Blob, which axios
  // labels application/octet-stream. Such a body (or one without a type) that opens with a boundary
  // line is read as multipart/mixed with that boundary; anything else keeps the strict answer.
  const sniffed =
    type === '' || type.startsWith('application/octet-stream') ? declaredBoundary(req.body) : null;
  if (type.startsWith('multipart/mixed') || sniffed) {
    const boundary = sniffed ?? boundaryOf(req.contentType);
    const parts = boundary ? parseMultipart(req.body, boundary) : null;
    if (!parts || parts.length === 0)
      throw badRequest('Content-Type: the multipart/mixed body is not well formed');
    const [first, ...rest] = parts;
    if (!/^application\/json/i.test(first.headers['content-type'] ?? ''))
      throw badRequest('the first part of a multipart/mixed body must be the statements as application/json');
    const attachments = rest.map((p, i) => {
      // Communication 1.5.2: every part after the statements is sent as raw bytes, and says so.
      const encoding = p.headers['content-transfer-encoding'];
      if (encoding?.toLowerCase() !== 'binary')
        throw badRequest(
          `part ${i + 2}: Content-Transfer-Encoding must be binary (got ${encoding ?? 'none'})`,
        );
      const sha2 = p.headers['x-experience-api-hash'];
      if (!sha2) throw badRequest(`part ${i + 2}: X-Experience-API-Hash header is required`);
      return { sha2, contentType: p.headers['content-type'] ?? 'application/octet-stream', data: p.body };
    });
    return { statements: parseJson(new TextDecoder().decode(first.body), 'statements'), parts: attachments };
  }
  if (!type.startsWith('application/json') && type !== '')
    throw badRequest('Content-Type: statements are sent as application/json or multipart/mixed');
  return { statements: parseJson(new TextDecoder().decode(req.body), 'statements'), parts: [] };
}

function format(req: XapiRequest): StatementFormat {
  const value = req.params.format ?? 'exact';
  if (value !== 'exact' && value !== 'ids' && value !== 'canonical')
    throw badRequest('format: must be exact, ids or canonical');
  return value;
}

function filterOf(req: XapiRequest): StatementFilter {
  const p = req.params;
  const f: StatementFilter = {};
  if (p.agent !== undefined) {
    try {
      f.agent = agentIfi(checkActor(parseJson(p.agent, 'agent'), 'agent')) ?? undefined;
    } catch (error) {
      if (error instanceof XapiValidationError) throw badRequest(error.message);
      throw error;
    }
    if (!f.agent) throw badRequest('agent: must be an Agent or an identified Group');
  }
  if (p.verb !== undefined) f.verb = p.verb;
  if (p.activity !== undefined) f.activity = p.activity;
  if (p.registration !== undefined) {
    if (!isUuid(p.registration)) throw badRequest('registration: must be a UUID');
    f.registration = p.registration.toLowerCase();
  }
  f.relatedActivities = booleanParam(req, 'related_activities');
  f.relatedAgents = booleanParam(req, 'related_agents');
  for (const k of ['since', 'until'] as const) {
    if (p[k] === undefined) continue;
    const date = parseTimestamp(p[k]);
    if (!date) throw badRequest(`${k}: must be an ISO 8601 timestamp`);
    f[k] = date;
  }
  return f;
}

function limitOf(req: XapiRequest): number {
  const raw = req.params.limit ?? '0';
  if (!/^\d+$/.test(raw)) throw badRequest('limit: must be a whole number (0 for the largest page)');
  return Number(raw);
}

/** The `more` token: the original parameters and where the page ended. */
const encodeMore = (params: Record<string, string>, cursor: Cursor) =>
  Buffer.from(JSON.stringify({ p: params, c: cursor })).toString('base64url');
function decodeMore(token: string): { p: Record<string, string>; c: Cursor } {
  try {
    const value = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    if (typeof value?.c?.stored === 'string' && Number.isInteger(value.c.seq) && typeof value.p === 'object')
      return value;
  } catch {
    // fall through
  }
  throw badRequest('more: not a link this LRS gave');
}

/** Called after a launch's statements were stored (cmi5's LMS checks moveOn: lrs/cmi5-lms.ts). */
export type AfterLaunchStatements = (client: XapiClient, stored: unknown[], origin: string) => Promise<void>;
/** Called before a launch's statements are stored: throws to refuse them (cmi5's rules: lrs/cmi5-guard.ts). */
export type BeforeLaunchStatements = (client: XapiClient, batch: unknown[]) => Promise<void>;

export function statementsHandler(
  writer: Writer,
  reader: StatementsReader,
  afterLaunch?: AfterLaunchStatements,
  beforeLaunch?: BeforeLaunchStatements,
) {
  async function answer(
    client: XapiClient,
    statements: object,
    attach: boolean,
    extra: Record<string, string>,
  ) {
    const headers = { 'X-Experience-API-Consistent-Through': consistentThrough().toISOString(), ...extra };
    if (!attach) return json(statements, 200, headers);
    const list = 'statements' in statements ? (statements.statements as never[]) : [statements as never];
    const parts = await reader.attachmentsOf(client.space, list);
    const multipart = buildMultipart([
      {
        headers: { 'Content-Type': 'application/json' },
        body: new TextEncoder().encode(JSON.stringify(statements)),
      },
      ...parts.map((p) => ({
        headers: {
          'Content-Type': p.contentType,
          'Content-Transfer-Encoding': 'binary',
          'X-Experience-API-Hash': p.sha2,
        },
        body: p.data,
      })),
    ]);
    return {
      status: 200,
      headers: { ...headers, 'Content-Type': multipart.contentType },
      body: multipart.body,
    };
  }

  async function get(req: XapiRequest, client: XapiClient): Promise<XapiResponse> {
    if (req.params.more !== undefined) {
      allowParams(req, ['more']);
      const { p, c } = decodeMore(req.params.more);
      return list({ ...req, params: p }, client, c);
    }
    const single = req.params.statementId ?? req.params.voidedStatementId;
    if (single !== undefined) {
      if (req.params.statementId !== undefined && req.params.voidedStatementId !== undefined)
        throw badRequest('statementId and voidedStatementId cannot be used together');
      allowParams(req, ['statementId', 'voidedStatementId', 'format', 'attachments']);
      if (!isUuid(single)) throw badRequest('statementId: must be a UUID');
      const found = await reader.getStatement(client.space, single, {
        voided: req.params.voidedStatementId !== undefined,
        format: format(req),
        languages: acceptedLanguages(req.headers['accept-language']),
      });
      if (!found || (client.launch && agentIfi(found.statement.actor) !== client.launch.agent))
        throw notFound('Statement');
      return answer(client, found.statement, booleanParam(req, 'attachments'), {
        'Last-Modified': httpDate(found.stored),
      });
    }
    allowParams(req, QUERY_PARAMS);
    return list(req, client, null);
  }

  async function list(req: XapiRequest, client: XapiClient, cursor: Cursor | null): Promise<XapiResponse> {
    const filter = filterOf(req);
    if (client.launch) {
      // A package reads its learner's statements of its registration, never anyone else's.
      if (filter.agent !== undefined && filter.agent !== client.launch.agent)
        throw forbidden('agent: outside these launch credentials');
      if (filter.registration !== undefined && filter.registration !== client.launch.registration)
        throw forbidden('registration: outside these launch credentials');
      filter.agent = client.launch.agent;
      filter.registration = client.launch.registration;
    }
    const page = await reader.queryStatements(client.space, filter, {
      limit: limitOf(req),
      ascending: booleanParam(req, 'ascending'),
      cursor,
      format: format(req),
      languages: acceptedLanguages(req.headers['accept-language']),
    });
    const more = page.next ? `/xapi/statements?more=${encodeMore(req.params, page.next)}` : '';
    const newest = page.statements
      .map((s) => String(s.stored))
      .sort()
      .at(-1);
    return answer(client, { statements: page.statements, more }, booleanParam(req, 'attachments'), {
      'Last-Modified': httpDate(newest ? new Date(newest) : new Date()),
    });
  }

  return {
    get,
    async post(req: XapiRequest, client: XapiClient, origin: string): Promise<XapiResponse> {
      allowParams(req, []);
      const { statements, parts } = readBody(req);
      const sent = Array.isArray(statements) ? statements : [statements];
      const batch = client.launch ? scopeLaunchStatements(sent, client.launch) : sent;
      if (client.launch && beforeLaunch) await beforeLaunch(client, batch);
      const ids = await writer.storeStatements(client.space, batch, {
        authority: authorityOf(client, origin),
        version: req.version ?? '2.0',
        attachments: parts,
      });
      if (client.launch && afterLaunch) await afterLaunch(client, batch, origin);
      return json(ids);
    },
    async put(req: XapiRequest, client: XapiClient, origin: string): Promise<XapiResponse> {
      allowParams(req, ['statementId']);
      const id = req.params.statementId;
      if (id === undefined) throw badRequest('statementId: the parameter is required for PUT');
      if (!isUuid(id)) throw badRequest('statementId: must be a UUID');
      const { statements, parts } = readBody(req);
      if (Array.isArray(statements) || typeof statements !== 'object' || statements === null)
        throw badRequest('statement: PUT takes one statement object');
      const given = (statements as { id?: unknown }).id;
      if (given !== undefined && String(given).toLowerCase() !== id.toLowerCase())
        throw badRequest('statement.id: differs from the statementId parameter');
      const one = [{ ...statements, id }];
      const batch = client.launch ? scopeLaunchStatements(one, client.launch) : one;
      if (client.launch && beforeLaunch) await beforeLaunch(client, batch);
      await writer.storeStatements(client.space, batch, {
        authority: authorityOf(client, origin),
        version: req.version ?? '2.0',
        attachments: parts,
      });
      if (client.launch && afterLaunch) await afterLaunch(client, batch, origin);
      return noContent();
    },
  };
}
