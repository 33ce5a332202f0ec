import { recordStatement } from './context';
import type { TRunFlow } from './graph';
import { labelOf } from './outcome';
import { openSession, type TRunOptions } from './session';
import { isRunState, makeIssue, type TRunResult, type TRunState } from './state';
import { guarded, walk } from './walker';

/** The Tin Can registry's "skipped": the learner did not do the activity, on purpose or told to. */
export const SKIPPED_VERB = { id: 'http://id.tincanapi.com/verb/skipped', name: 'skipped' } as const;

/**
 * Moves a waiting run to another block without answering the one it waits at (a live lesson: the
 * teacher is further on, so the phone lands on the teacher's step). Each block in `skipped` gets a
 * `skipped` statement, so the record says what the learner did not do instead of inventing answers;
 * then the walk goes on from `nodeId` as if a link had led there (its inputs from skipped blocks are
 * missing and reported as such). Like resumeRun, the given state is not changed. A run that is not
 * waiting (done, failed) or a block the flow does not have is refused with the state unchanged.
 */
export function skipRun(
  flow: TRunFlow,
  state: TRunState,
  nodeId: string,
  skipped: ReadonlyArray<string>,
  opts: TRunOptions,
): Promise<TRunResult> {
  const draft = JSON.parse(JSON.stringify(state)) as TRunState;
  return guarded(draft, opts, async () => {
    const s = openSession(flow, draft, opts);
    const refuse = (code: 'run-finished' | 'flow-changed') => {
      const issue = makeIssue(code, 'warning', { nodeId });
      return { state, status: state.status, shown: [], issues: [], refused: issue } satisfies TRunResult;
    };
    if (!isRunState(state) || state.status !== 'waiting' || !state.at) return refuse('run-finished');
    if (!s.g.nodes.has(nodeId)) return refuse('flow-changed');
    for (const id of skipped) {
      const node = s.g.nodes.get(id);
      if (!node) continue;
      await recordStatement(
        s,
        {
          verb: SKIPPED_VERB,
          node: { id: node.id, type: node.type, label: labelOf(node), kind: 'interaction' },
        },
        { nodeId: node.id, nodeType: node.type },
      );
    }
    draft.at = null;
    return walk(s, { nodeId, via: 'statement' });
  });
}
