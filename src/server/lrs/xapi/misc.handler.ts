import { isIri, XAPI_VERSIONS } from '../../../shared/domain/xapi';
import type { Db } from '../../db/client';
import { badRequest } from '../../http/errors';
import type { XapiClient } from '../credentials.service';
import { activityDefinitions, actorNames } from '../statements.repo';
import { agentParam } from './documents.handler';
import { allowParams, requireParam, type XapiRequest } from './request';
import { json, type XapiResponse } from './respond';

export function about(): XapiResponse {
  return json({
    version: [...XAPI_VERSIONS],
    extensions: { 'https://flowlearn.app/xapi/about/product': 'Flowlearn LRS' },
  });
}

/** GET activities?activityId: the activity with its canonical definition (just the id if unknown). */
export async function activity(db: Db, req: XapiRequest, client: XapiClient): Promise<XapiResponse> {
  allowParams(req, ['activityId']);
  const id = requireParam(req, 'activityId');
  if (!isIri(id)) throw badRequest('activityId: must be an absolute IRI');
  const definition = (await activityDefinitions(db, client.space, [id])).get(id);
  return json({ objectType: 'Activity', id, ...(definition ? { definition } : {}) });
}

/** GET agents?agent: the Person object — every identifier and name this LRS knows for the agent. */
export async function person(db: Db, req: XapiRequest, client: XapiClient): Promise<XapiResponse> {
  allowParams(req, ['agent']);
  const ifi = agentParam(req);
  const agent = JSON.parse(requireParam(req, 'agent')) as Record<string, unknown>;
  const out: Record<string, unknown> = { objectType: 'Person' };
  const names = new Set(await actorNames(db, client.space, ifi));
  if (typeof agent.name === 'string') names.add(agent.name);
  if (names.size) out.name = [...names];
  for (const key of ['mbox', 'mbox_sha1sum', 'openid', 'account'])
    if (agent[key] !== undefined) out[key] = [agent[key]];
  return json(out);
}
