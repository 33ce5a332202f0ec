import { proxy } from 'valtio';
import { ApiError } from '../../shared/api/http';
import { type TFlow, type TFlowSummary, ZFlowConflictDetails } from '../../shared/contract/flows';
import { sortFlows, type TFlowSort } from '../../shared/domain/flow-sort';
import { flowFilesApi } from './collections.api';
import { adjustFlowsCount } from './collections.store';

export const FLOW_SEARCH_DEBOUNCE_MS = 500;

/** The one flow list on screen: a collection's flows, or the flows without one (projectId null). */
export const flowList = proxy({
  /** undefined: nothing opened yet; null: No Project. */
  projectId: undefined as string | null | undefined,
  items: [] as TFlowSummary[],
  sortBy: 'default' as TFlowSort,
  keyword: '',
  loading: true,
  failed: false,
});

let timer: ReturnType<typeof setTimeout> | undefined;
let inflight: AbortController | undefined;

export const toSummary = ({ nodes, edges: _edges, ...rest }: TFlow): TFlowSummary => ({
  ...rest,
  nodesCount: nodes.length,
});

const matches = (f: TFlowSummary, keyword: string) => f.name.toLowerCase().includes(keyword.toLowerCase());

export async function loadFlows(): Promise<void> {
  clearTimeout(timer);
  inflight?.abort();
  const ctrl = new AbortController();
  inflight = ctrl;
  const { projectId, sortBy } = flowList;
  const keyword = flowList.keyword.trim();
  flowList.loading = true;
  flowList.failed = false;
  try {
    if (projectId) {
      flowList.items = (
        await flowFilesApi.ofProject(projectId, sortBy, keyword || undefined, ctrl.signal)
      ).data;
    } else {
      // No route lists the flows without a collection: filter the user's flows (spec 03 §7).
      const all = (await flowFilesApi.ofUser(ctrl.signal)).data;
      flowList.items = sortFlows(
        all.filter((f) => f.projectId === null && (!keyword || matches(f, keyword))),
        sortBy,
      );
    }
  } catch (err) {
    if (err instanceof ApiError && err.kind === 'cancelled') return;
    flowList.failed = true;
  } finally {
    if (inflight === ctrl) flowList.loading = false;
  }
}

/** Opens a list; the search and sort start afresh when it is another collection. */
export function openFlowList(projectId: string | null): void {
  if (flowList.projectId !== projectId) {
    Object.assign(flowList, { projectId, items: [], keyword: '', sortBy: 'default', loading: true });
  }
  void loadFlows();
}

export function setFlowKeyword(keyword: string): void {
  flowList.keyword = keyword;
  clearTimeout(timer);
  flowList.loading = true;
  timer = setTimeout(() => void loadFlows(), FLOW_SEARCH_DEBOUNCE_MS);
}

export function setFlowSort(sortBy: TFlowSort): void {
  flowList.sortBy = sortBy;
  void loadFlows();
}

const indexOf = (id: string) => flowList.items.findIndex((f) => f._id === id);
const drop = (id: string) => {
  flowList.items = flowList.items.filter((f) => f._id !== id);
};

export async function createFlow(): Promise<TFlow> {
  const projectId = flowList.projectId ?? null;
  const { data } = await flowFilesApi.create(projectId);
  if (flowList.projectId === projectId) flowList.items.unshift(toSummary(data));
  adjustFlowsCount(projectId, 1);
  return data;
}

export type RenameResult =
  | { kind: 'saved' }
  | { kind: 'conflict'; name: string }
  | { kind: 'failed'; message: string };

const conflictCopy = (err: unknown): TFlow | null => {
  if (!(err instanceof ApiError) || err.status !== 409) return null;
  const parsed = ZFlowConflictDetails.safeParse(err.details);
  return parsed.success ? parsed.data.current : null;
};

function apply(flow: TFlow): void {
  const i = indexOf(flow._id);
  if (i >= 0)
    Object.assign(flowList.items[i], { name: flow.name, revision: flow.revision, updatedAt: flow.updatedAt });
}

/**
 * Saves a new name with the revision the row knows. When someone saved the flow meanwhile (409), the
 * name is retried on their revision only if they left the name alone; otherwise their name stays.
 */
export async function renameFlow(id: string, name: string): Promise<RenameResult> {
  const item = flowList.items[indexOf(id)];
  const wanted = name.trim() || 'Untitled';
  if (!item || wanted === item.name) return { kind: 'saved' };
  const startedFrom = item.name;
  let revision = item.revision;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      apply((await flowFilesApi.rename(id, wanted, revision)).data);
      return { kind: 'saved' };
    } catch (err) {
      const current = conflictCopy(err);
      if (!current) {
        const offline = err instanceof ApiError && (err.kind === 'offline' || err.status === 401);
        return { kind: 'failed', message: offline ? '' : err instanceof Error ? err.message : '' };
      }
      if (current.name !== startedFrom) {
        apply(current);
        return { kind: 'conflict', name: current.name };
      }
      revision = current.revision;
    }
  }
  return { kind: 'failed', message: '' };
}

/** The copy goes first in the list (spec 01 §7). */
export async function duplicateFlow(id: string): Promise<void> {
  const { data } = await flowFilesApi.duplicate(id);
  // The user may have opened another list meanwhile: the copy joins only the list it belongs to.
  if ((data.projectId ?? null) === flowList.projectId) flowList.items.unshift(toSummary(data));
  adjustFlowsCount(data.projectId, 1);
}

export async function deleteFlow(id: string): Promise<void> {
  const projectId = flowList.items[indexOf(id)]?.projectId ?? null;
  await flowFilesApi.remove(id);
  drop(id);
  adjustFlowsCount(projectId, -1);
}

/** `target` null is No Project. A moved flow leaves this list; a copy here joins it first. */
export async function moveFlow(id: string, target: string | null): Promise<void> {
  const from = flowList.items[indexOf(id)]?.projectId ?? null;
  await flowFilesApi.move({ flowIds: [id], projectId: target });
  if (target !== flowList.projectId) drop(id);
  adjustFlowsCount(from, -1);
  adjustFlowsCount(target, 1);
}

export async function copyFlow(id: string, target: string | null): Promise<void> {
  const { data } = await flowFilesApi.copy({ flowIds: [id], projectId: target });
  if (target === flowList.projectId) flowList.items.unshift(...data);
  adjustFlowsCount(target, data.length);
}

/** An imported flow joins the list it was imported into, first. */
export function addImported(flow: TFlow): void {
  if ((flow.projectId ?? null) === flowList.projectId) flowList.items.unshift(toSummary(flow));
  adjustFlowsCount(flow.projectId, 1);
}
