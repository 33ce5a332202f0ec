import { api } from '../../shared/api/http';
import type { TRunSave, TRunSaved } from '../../shared/contract/player-run';
import { isRunState } from '../../shared/domain/runtime';
import type { TTarget } from '../player.api';

/**
 * The signed-in learner's place in a flow, kept by the server too (GET/PUT …/flow/{flowId}/run), so
 * another phone goes on where this one left. Public links and previews have no
 * account to keep it for: the phone's own copy (useRun) is all they have. Failures are quiet: the
 * phone's copy stays the one that counts, and the next answer sends it again.
 */
const path = (target: TTarget, flowId: string) =>
  target.kind === 'assignment' ? `player/assignment/${target.id}/flow/${flowId}/run` : null;

export async function readRemoteRun(target: TTarget | null, flowId: string, revision: number) {
  const at = target && path(target, flowId);
  if (!at) return null;
  try {
    const { data } = (await api.get(at, { quiet: true })) as TRunSaved;
    if (!data || data.revision !== revision || !isRunState(data.state)) return null;
    return { revision, state: data.state, transcript: data.transcript };
  } catch {
    return null;
  }
}

export function writeRemoteRun(target: TTarget | null, flowId: string, run: TRunSave): void {
  const at = target && path(target, flowId);
  if (at) void api.put(at, run, { quiet: true }).catch(() => undefined);
}
