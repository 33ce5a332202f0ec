import { FLOWLEARN_EXTENSIONS } from '../../../src/shared/domain/xapi';

export const VERB = (name: string) => `http://adlnet.gov/expapi/verbs/${name}`;
export const EVIDENCE_KEY = 'https://flowlearn.app/xapi/extensions/evidence';

/** A statement of one learner in an assignment's flow, as the learner player sends them. */
export function reportStatement(o: {
  email: string;
  name?: string;
  verb: string;
  object: string;
  objectName?: string;
  assignmentId: string;
  flowId?: string;
  score?: { raw: number; max: number };
  evidence?: string | { description?: string; id?: string };
  timestamp?: string;
}): Record<string, unknown> {
  const extensions: Record<string, unknown> = { [FLOWLEARN_EXTENSIONS.assignment]: o.assignmentId };
  if (o.flowId) extensions[FLOWLEARN_EXTENSIONS.flow] = o.flowId;
  if (o.evidence !== undefined) extensions[EVIDENCE_KEY] = o.evidence;
  return {
    actor: { objectType: 'Agent', ...(o.name ? { name: o.name } : {}), mbox: `mailto:${o.email}` },
    verb: { id: VERB(o.verb), display: { 'en-US': o.verb } },
    object: {
      objectType: 'Activity',
      id: `https://flowlearn.test/activities/${o.object}`,
      definition: { name: { 'en-US': o.objectName ?? o.object } },
    },
    ...(o.score ? { result: { score: { raw: o.score.raw, max: o.score.max, min: 0 } } } : {}),
    context: { extensions },
    ...(o.timestamp ? { timestamp: o.timestamp } : {}),
  };
}
