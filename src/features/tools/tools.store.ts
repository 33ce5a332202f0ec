import { proxy } from 'valtio';
import { ApiError } from '../../shared/api/http';
import { SEARCH_DEBOUNCE_MS, type TTag, type TToolSearchItem } from '../../shared/contract/tools';
import { toolsApi } from './tools.api';

/** Explorer state (spec 01 §3): the tag list, the current tag and the search text, plus results. */
export const explorer = proxy({
  tags: [] as TTag[],
  tagId: '' as string,
  searchText: '',
  tools: [] as TToolSearchItem[],
  total: 0,
  found: 0,
  loading: true,
  failed: false,
});

let timer: ReturnType<typeof setTimeout> | undefined;
let inflight: AbortController | undefined;

export async function loadTags(): Promise<void> {
  const res = await toolsApi.tags().catch(() => null);
  if (res) explorer.tags = res.data;
}

/** Runs the search now, cancelling the previous request (spec 01 §7). */
export async function searchNow(): Promise<void> {
  clearTimeout(timer);
  inflight?.abort();
  const ctrl = new AbortController();
  inflight = ctrl;
  explorer.loading = true;
  explorer.failed = false;
  try {
    const res = await toolsApi.search(
      { tagId: explorer.tagId || undefined, keyword: explorer.searchText.trim() || undefined },
      ctrl.signal,
    );
    if (inflight !== ctrl) return;
    explorer.tools = res.tools;
    explorer.total = res.total;
    explorer.found = res.found;
  } catch (err) {
    // A superseded request can fail while its body is still being read; only the latest one counts.
    if (inflight !== ctrl || (err instanceof ApiError && err.kind === 'cancelled')) return;
    explorer.failed = true;
  } finally {
    if (inflight === ctrl) explorer.loading = false;
  }
}

/** A tag or search change waits one second before searching (spec 01 §7). */
function searchSoon(): void {
  clearTimeout(timer);
  explorer.loading = true;
  timer = setTimeout(() => void searchNow(), SEARCH_DEBOUNCE_MS);
}

export function setSearchText(text: string): void {
  explorer.searchText = text;
  searchSoon();
}

export function setTag(tagId: string): void {
  explorer.tagId = explorer.tagId === tagId ? '' : tagId;
  searchSoon();
}

export function resetExplorer(): void {
  clearTimeout(timer);
  inflight?.abort();
  explorer.tools = [];
  explorer.loading = true;
}
