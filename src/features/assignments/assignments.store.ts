import { proxy } from 'valtio';
import { ApiError } from '../../shared/api/http';
import {
  ASSIGNMENT_PAGE_SIZE,
  ASSIGNMENT_SEARCH_DEBOUNCE_MS,
  type TAssignmentListItem,
  type TAssignmentSort,
  type TStatusTab,
} from '../../shared/contract/assignments';
import { forgetSavedCopy, savedCopies } from '../../ui/saved-copies';
import { assignmentsApi } from './assignments.api';

/**
 * The assignment list (spec 02 §2, §4, §9): status tab, debounced search, sort and a growing
 * limit ('See More' asks for the current count plus 20 and hides once fewer rows come back).
 */
export const assignmentList = proxy({
  orgId: '',
  tab: 'all' as TStatusTab,
  keyword: '',
  sortBy: 'default' as TAssignmentSort,
  limit: ASSIGNMENT_PAGE_SIZE,
  items: [] as TAssignmentListItem[],
  /** More rows may exist: the last answer was as long as asked for. */
  hasMore: false,
  loading: true,
  loadingMore: false,
  failed: false,
  /** Shown from a saved copy (undefined = fresh, '' = saved at an unknown time, else ISO time). */
  savedAt: undefined as string | undefined,
  /** When the rows on screen were loaded: what a failed refresh says they date from. */
  loadedAt: '',
});

/** The API path the transport notes a saved copy under (app/api-client.ts). */
const LIST_PATH = 'assignment';

let timer: ReturnType<typeof setTimeout> | undefined;
let inflight: AbortController | undefined;

/** Loads the list now with the current filters, cancelling an older request so it never wins. */
export async function loadAssignments(limit = assignmentList.limit): Promise<void> {
  clearTimeout(timer);
  inflight?.abort();
  const ctrl = new AbortController();
  inflight = ctrl;
  const more = limit > assignmentList.limit;
  if (more) assignmentList.loadingMore = true;
  else assignmentList.loading = true;
  assignmentList.failed = false;
  forgetSavedCopy(LIST_PATH);
  try {
    const { tab, keyword, sortBy } = assignmentList;
    const res = await assignmentsApi.list(
      {
        limit,
        keyword: keyword.trim() || undefined,
        sortBy,
        // 'all' is sent as no status at all (spec 02 §4).
        status: tab === 'all' ? undefined : tab,
      },
      ctrl.signal,
    );
    assignmentList.items = res.data;
    assignmentList.limit = limit;
    assignmentList.hasMore = res.data.length >= limit;
    assignmentList.savedAt = savedCopies[LIST_PATH];
    assignmentList.loadedAt = assignmentList.savedAt || new Date().toISOString();
  } catch (err) {
    if (err instanceof ApiError && err.kind === 'cancelled') return;
    // Spec 02 §8: list and load-more errors are quiet; the page offers a retry. Rows already on
    // screen stay, marked with the time they were loaded (offline after a save).
    assignmentList.failed = true;
    if (assignmentList.items.length > 0) assignmentList.savedAt ??= assignmentList.loadedAt;
  } finally {
    if (inflight === ctrl) {
      assignmentList.loading = false;
      assignmentList.loadingMore = false;
    }
  }
}

export const seeMore = () => loadAssignments(assignmentList.limit + ASSIGNMENT_PAGE_SIZE);

export function setKeyword(keyword: string): void {
  assignmentList.keyword = keyword;
  clearTimeout(timer);
  // The clear button resets at once; typing waits for a pause.
  if (keyword === '') {
    void loadAssignments(ASSIGNMENT_PAGE_SIZE);
    return;
  }
  assignmentList.loading = true;
  timer = setTimeout(() => void loadAssignments(ASSIGNMENT_PAGE_SIZE), ASSIGNMENT_SEARCH_DEBOUNCE_MS);
}

export function setTab(tab: TStatusTab): void {
  assignmentList.tab = tab;
  void loadAssignments(ASSIGNMENT_PAGE_SIZE);
}

export function setSort(sortBy: TAssignmentSort): void {
  assignmentList.sortBy = sortBy;
  void loadAssignments(ASSIGNMENT_PAGE_SIZE);
}

/** Another space has other assignments: forget the old ones and the filters, then load. */
export function openAssignmentList(orgId: string): void {
  if (assignmentList.orgId !== orgId) {
    clearTimeout(timer);
    inflight?.abort();
    Object.assign(assignmentList, {
      orgId,
      items: [],
      keyword: '',
      tab: 'all',
      limit: ASSIGNMENT_PAGE_SIZE,
      loading: true,
      savedAt: undefined,
      loadedAt: '',
    });
  }
  void loadAssignments();
}

export function forgetAssignment(id: string): void {
  assignmentList.items = assignmentList.items.filter((a) => a._id !== id);
}
