import { proxy } from 'valtio';
import { ApiError } from '../../shared/api/http';
import type {
  TCollection,
  TCreateCollectionRequest,
  TUpdateCollectionRequest,
} from '../../shared/contract/collections';
import { collectionsApi } from './collections.api';

/** Keyword search waits this long after the last keystroke. */
export const COLLECTION_SEARCH_DEBOUNCE_MS = 500;

/** The collections of the active space (the grid and the library's left pane) and the open one. */
export const collections = proxy({
  /** The space the list belongs to. */
  orgId: '',
  list: [] as TCollection[],
  keyword: '',
  loading: true,
  failed: false,
  /** The collection whose page or settings are open. */
  current: null as TCollection | null,
  currentMissing: false,
});

let timer: ReturnType<typeof setTimeout> | undefined;
let inflight: AbortController | undefined;

/** Loads the list now, cancelling a slower earlier request so an old answer never wins. */
export async function loadCollections(): Promise<void> {
  clearTimeout(timer);
  inflight?.abort();
  const ctrl = new AbortController();
  inflight = ctrl;
  collections.loading = true;
  collections.failed = false;
  try {
    const res = await collectionsApi.list(collections.keyword.trim() || undefined, ctrl.signal);
    collections.list = res.data;
  } catch (err) {
    if (err instanceof ApiError && err.kind === 'cancelled') return;
    collections.failed = true;
  } finally {
    if (inflight === ctrl) collections.loading = false;
  }
}

export function setCollectionKeyword(keyword: string): void {
  collections.keyword = keyword;
  clearTimeout(timer);
  collections.loading = true;
  timer = setTimeout(() => void loadCollections(), COLLECTION_SEARCH_DEBOUNCE_MS);
}

/** Another space has other collections: forget the old ones and the search, then load. */
export function enterSpace(orgId: string): void {
  if (collections.orgId !== orgId) {
    clearTimeout(timer);
    inflight?.abort();
    Object.assign(collections, { orgId, list: [], keyword: '', loading: true, current: null });
  }
  void loadCollections();
}

/** The library lists every collection: a search left over from the collections page is dropped. */
export function showAllCollections(orgId: string): void {
  if (collections.orgId === orgId && collections.keyword) collections.keyword = '';
  enterSpace(orgId);
}

export async function loadCollection(id: string): Promise<void> {
  if (collections.current?._id !== id)
    collections.current = collections.list.find((c) => c._id === id) ?? null;
  collections.currentMissing = false;
  try {
    collections.current = (await collectionsApi.get(id)).data;
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 403))
      collections.currentMissing = true;
  }
}

function replace(c: TCollection): void {
  const i = collections.list.findIndex((x) => x._id === c._id);
  if (i >= 0) collections.list[i] = c;
  if (collections.current?._id === c._id) collections.current = c;
}

export async function createCollection(body: TCreateCollectionRequest): Promise<TCollection> {
  const { data } = await collectionsApi.create(body);
  collections.list.unshift(data);
  return data;
}

export async function updateCollection(id: string, body: TUpdateCollectionRequest): Promise<TCollection> {
  const { data } = await collectionsApi.update(id, body);
  replace(data);
  return data;
}

export async function deleteCollection(id: string): Promise<void> {
  await collectionsApi.remove(id);
  collections.list = collections.list.filter((c) => c._id !== id);
  if (collections.current?._id === id) collections.current = null;
}

/** `orgId` 'personal' is the personal space; a copy into the active space shows up in its list. */
export async function copyCollectionToOrg(id: string, orgId: string, activeOrgId: string): Promise<void> {
  const { data } = await collectionsApi.copyToOrg(id, orgId);
  if ((data.orgId ?? 'personal') === activeOrgId) collections.list.unshift(data);
}

/** A flow created, moved, copied or deleted changes the count on its collection's card. */
export function adjustFlowsCount(projectId: string | null, by: number): void {
  if (!projectId) return;
  // The open collection may be the very object of the list: count each object once.
  const targets = new Set([collections.list.find((x) => x._id === projectId), collections.current]);
  for (const c of targets) if (c && c._id === projectId) c.flowsCount = Math.max(0, c.flowsCount + by);
}
