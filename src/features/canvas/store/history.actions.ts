import {
  currentSnapshot,
  push,
  redo as redoStep,
  undo as undoStep,
} from '../../../shared/domain/edit-history';
import type { TGraphState } from '../canvas.types';
import { rememberSnapshot, snapshotOf } from '../graph-utils';
import { applyStep } from './apply-step';
import { editor, graph, session, setConnectedHandlesLater, setHistory } from './canvas.store';
import { afterChange } from './save.actions';

/**
 * One gesture = one history step (spec 01 §4): the canvas calls commit() when a gesture ends (a drag
 * stops, a link is made, a paste or a multi-delete is applied), never on every change of the graph.
 * push() keeps the step only if it differs from the last one, so a click that changed nothing adds
 * nothing. UI-only fields (selected, dragging, measured) are stripped first.
 */
/**
 * The live graph arrays last known to equal the history's current snapshot (after a commit or a
 * restore). While both are still the same objects, nothing can have changed and commit() has
 * nothing to compare: an undo pressed several times in a row does not walk the whole flow first.
 */
let recorded: { snapshot: unknown; live: TGraphState } | null = null;

const unchangedSinceRecorded = (live: TGraphState): boolean =>
  recorded !== null &&
  recorded.snapshot === currentSnapshot(session.history) &&
  recorded.live.nodes === live.nodes &&
  recorded.live.edges === live.edges;

export function commit(): boolean {
  if (editor.isRestoring || editor.status !== 'ready') return false;
  const g = graph.get();
  if (unchangedSinceRecorded(g)) return false;
  const before = session.history;
  const next = push(before, snapshotOf(g));
  rememberSnapshot(g.nodes, currentSnapshot(next).nodes);
  recorded = { snapshot: currentSnapshot(next), live: g };
  if (next === before) return false;
  setHistory(next);
  afterChange();
  return true;
}

function restore(step: typeof undoStep): boolean {
  if (editor.status !== 'ready') return false;
  // A half-finished gesture (e.g. typing in the panel) becomes its own step first.
  commit();
  const from = currentSnapshot(session.history);
  const r = step(session.history);
  if (!r.moved) return false;
  editor.isRestoring = true;
  try {
    setHistory(r.history);
    setConnectedHandlesLater(() => r.connectedHandles);
    // Only the nodes and links the step touched are replaced (apply-step.ts).
    const live = graph.get();
    const next = applyStep(live, from, r.snapshot);
    if (next.nodes !== live.nodes || next.edges !== live.edges) graph.set(next);
    rememberSnapshot(graph.get().nodes, r.snapshot.nodes);
    recorded = { snapshot: r.snapshot, live: graph.get() };
  } finally {
    // Off again at once: xyflow's later measurement changes are no gestures and commit nothing, and
    // an edit right after an undo must be recorded.
    editor.isRestoring = false;
  }
  // The draft is written after the restored graph is painted: the step reaches the screen first.
  afterChange({ draftAfterPaint: true });
  return true;
}

export const undo = (): boolean => restore(undoStep);
export const redo = (): boolean => restore(redoStep);
