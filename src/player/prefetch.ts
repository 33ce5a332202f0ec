import { playerApi, type TTarget } from './player.api';

/**
 * A flow page's reads and its run screen, started at boot beside the texts instead of after the
 * first render: on a later visit everything comes from the worker, so the steps that wait on each
 * other are what the learner waits for (≤ 300 ms from the service worker).
 */
export const loadRunScreen = () => import('./run/RunScreen').then((m) => m.RunScreen);

/**
 * The run screen's code comes with the page's data, so the page renders it at once: a lazy
 * component behind Suspense showed its fallback for up to ~120 ms more (React throttles reveals).
 */
export const loadFlowPage = (target: TTarget, flowId: string) =>
  Promise.all([playerApi.assignment(target), playerApi.flow(target, flowId), loadRunScreen()]).then(
    ([a, f, Run]) => ({ a: a.data, f: f.data, Run }),
  );

export const loadSharePage = (id: string) =>
  Promise.all([playerApi.sharedFlow(id), loadRunScreen()]).then(([f, Run]) => ({ f: f.data, Run }));

type TFlowPageData = Awaited<ReturnType<typeof loadFlowPage>>;

const FLOW_ROUTE = /^\/viewer\/(assignment|public-assignment)\/([^/]+)\/flow\/([^/]+)\/?$/;
let early: { key: string; data: Promise<TFlowPageData> } | null = null;

export const flowPageKey = (target: TTarget, flowId: string) =>
  `${target.kind}:${target.kind === 'assignment' ? target.id : target.code}:${flowId}`;

/** Starts a flow page's loads when the address is one; anything else waits for its page. */
export function prefetchFlowPage(pathname: string): void {
  const match = FLOW_ROUTE.exec(pathname);
  if (!match) return;
  const [, kind, ref, flowId] = match;
  const target: TTarget =
    kind === 'assignment'
      ? { kind: 'assignment', id: decodeURIComponent(ref) }
      : { kind: 'public', code: decodeURIComponent(ref) };
  const data = loadFlowPage(target, decodeURIComponent(flowId));
  // Read by the page when it mounts; a failure is its to show, not an unhandled rejection here.
  data.catch(() => undefined);
  early = { key: flowPageKey(target, decodeURIComponent(flowId)), data };
}

/** The early loads of this page, once: a reload (after signing in) fetches again. */
export function takePrefetched(key: string): Promise<TFlowPageData> | null {
  if (early?.key !== key) return null;
  const { data } = early;
  early = null;
  return data;
}
