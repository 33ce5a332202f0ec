import type { TTaskSlot } from '../../shared/contract/automation';
import { LEARNER_EXECUTORS } from '../../shared/domain/runtime/nodes/learner';

/**
 * The blocks of a flow that a headless run answers from its input JSON (runtime README: headless),
 * so the task page can show a ready-to-copy example. Keyed by label when there is one, else node id.
 */
const KIND_OF: Record<string, TTaskSlot['kind']> = {
  ...Object.fromEntries(Object.keys(LEARNER_EXECUTORS).map((type) => [type, 'media' as const])),
  inputNode: 'text',
  formNode: 'form',
  quizJsonNode: 'quiz',
  branchingNode: 'choice',
  multiTurnRouterNode: 'choice',
  multiTurnConversationNode: 'conversation',
};

interface NodeLike {
  id?: unknown;
  type?: unknown;
  data?: { label?: unknown } | null;
}

export function slotsOf(nodes: unknown[]): TTaskSlot[] {
  const out: TTaskSlot[] = [];
  for (const raw of nodes as NodeLike[]) {
    const type = typeof raw?.type === 'string' ? raw.type : '';
    const kind = KIND_OF[type];
    if (!kind || typeof raw.id !== 'string') continue;
    const label = typeof raw.data?.label === 'string' ? raw.data.label.trim() : '';
    out.push({ key: label || raw.id, nodeId: raw.id, nodeType: type, label, kind });
  }
  return out;
}
