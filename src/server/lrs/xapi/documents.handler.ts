import {
  agentIfi,
  checkAgent,
  checkGroup,
  isIri,
  isObject,
  isUuid,
  parseTimestamp,
  XapiValidationError,
} from '../../../shared/domain/xapi';
import { badRequest, notFound } from '../../http/errors';
import type { XapiClient } from '../credentials.service';
import type { DocumentKind, DocumentScope } from '../documents.repo';
import type { DocumentsService } from '../documents.service';
import { allowParams, parseJson, requireParam, type XapiRequest } from './request';
import { httpDate, json, noContent, type XapiResponse } from './respond';

/** The agent parameter of document resources: an Agent, or (2.0) an identified Group. */
export function agentParam(req: XapiRequest): string {
  const value = parseJson(requireParam(req, 'agent'), 'agent');
  try {
    if (isObject(value) && value.objectType === 'Group') {
      if (req.version !== '2.0') throw badRequest('agent: must be an Agent');
      checkGroup(value, 'agent');
    } else checkAgent(value, 'agent');
  } catch (error) {
    if (error instanceof XapiValidationError) throw badRequest(error.message);
    throw error;
  }
  const ifi = agentIfi(value);
  if (!ifi) throw badRequest('agent: must be identified (an anonymous Group has no documents)');
  return ifi;
}

function activityParam(req: XapiRequest): string {
  const id = requireParam(req, 'activityId');
  if (!isIri(id)) throw badRequest('activityId: must be an absolute IRI');
  return id;
}

interface ResourceShape {
  kind: DocumentKind;
  idParam: 'stateId' | 'profileId';
  params: string[];
  scope(req: XapiRequest, space: string): DocumentScope;
}

const SHAPES: Record<string, ResourceShape> = {
  'activities/state': {
    kind: 'state',
    idParam: 'stateId',
    params: ['activityId', 'agent', 'registration', 'stateId', 'since'],
    scope(req, space) {
      const registration = req.params.registration;
      if (registration !== undefined && !isUuid(registration))
        throw badRequest('registration: must be a UUID');
      return {
        space,
        kind: 'state',
        activityId: activityParam(req),
        agentIfi: agentParam(req),
        registration: registration?.toLowerCase() ?? '',
      };
    },
  },
  'activities/profile': {
    kind: 'activityProfile',
    idParam: 'profileId',
    params: ['activityId', 'profileId', 'since'],
    scope: (req, space) => ({
      space,
      kind: 'activityProfile',
      activityId: activityParam(req),
      agentIfi: '',
      registration: '',
    }),
  },
  'agents/profile': {
    kind: 'agentProfile',
    idParam: 'profileId',
    params: ['agent', 'profileId', 'since'],
    scope: (req, space) => ({
      space,
      kind: 'agentProfile',
      activityId: '',
      agentIfi: agentParam(req),
      registration: '',
    }),
  },
};

export const isDocumentResource = (resource: string) => resource in SHAPES;

const quoted = (etag: string) => `"${etag}"`;

/** State, activity profile and agent profile resources (Communication §2.3–2.7). */
export function documentsHandler(documents: DocumentsService) {
  return async function handle(req: XapiRequest, client: XapiClient): Promise<XapiResponse> {
    const shape = SHAPES[req.resource];
    allowParams(
      req,
      req.method === 'GET' || req.method === 'HEAD'
        ? shape.params
        : shape.params.filter((p) => p !== 'since'),
    );
    const scope = shape.scope(req, client.space);
    const docId = req.params[shape.idParam];
    const preconditions = { ifMatch: req.headers['if-match'], ifNoneMatch: req.headers['if-none-match'] };
    switch (req.method) {
      case 'GET':
      case 'HEAD': {
        if (docId !== undefined) {
          if (req.params.since !== undefined) throw badRequest(`since: cannot be used with ${shape.idParam}`);
          const doc = await documents.get(scope, docId);
          if (!doc) throw notFound('Document');
          return {
            status: 200,
            headers: {
              'Content-Type': doc.contentType,
              ETag: quoted(doc.etag),
              'Last-Modified': httpDate(doc.updatedAt),
            },
            body: new Uint8Array(doc.content),
          };
        }
        let since: Date | undefined;
        if (req.params.since !== undefined) {
          since = parseTimestamp(req.params.since) ?? undefined;
          if (!since) throw badRequest('since: must be an ISO 8601 timestamp');
        }
        const { ids, lastModified } = await documents.listIds(scope, since);
        return json(ids, 200, lastModified ? { 'Last-Modified': httpDate(lastModified) } : {});
      }
      case 'PUT':
      case 'POST': {
        if (docId === undefined || docId === '')
          throw badRequest(`${shape.idParam}: the parameter is required`);
        const type = req.contentType || 'application/octet-stream';
        if (/^application\/json/i.test(type) && req.method === 'POST' && !isObject(safeJson(req.body)))
          throw badRequest('POST: a JSON document must be an object to be merged');
        await documents.write(scope, docId, req.body, type, {
          mode: req.method === 'PUT' ? 'put' : 'post',
          // xAPI 2.0 asks it of every document resource; 1.0.3 of the profile resources only.
          requireConcurrency: shape.kind !== 'state' || req.version === '2.0',
          ...preconditions,
        });
        return noContent();
      }
      case 'DELETE':
        if (shape.kind !== 'state' && docId === undefined)
          throw badRequest(`${shape.idParam}: the parameter is required`);
        await documents.remove(scope, docId, preconditions);
        return noContent();
    }
  };
}

function safeJson(body: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(body));
  } catch {
    return undefined;
  }
}
