/**
 * Viewer links of spec 01 §2 "Flow links": /viewer{path}, with the optional `provider` query parameter
 * kept as it came (docs/design/preview.md says what it is for). One place builds them, so the editor's
 * Share, Preview and help links and the player's own navigation agree.
 */
export const VIEWER_BASE = '/viewer';
export const PROVIDER_PARAM = 'provider';

/** A provider name as a link may carry it: short, printable; anything else is dropped. */
export const cleanProvider = (value: string | null | undefined): string | null =>
  value && /^[A-Za-z0-9._-]{1,64}$/.test(value) ? value : null;

export function viewerLink(path: string, provider?: string | null): string {
  const at = `${VIEWER_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  const p = cleanProvider(provider);
  return p ? `${at}?${PROVIDER_PARAM}=${encodeURIComponent(p)}` : at;
}

/** /viewer/flow/share/{id}: a published flow by id, or a block type's demo (its catalogue help link). */
export const shareLink = (idOrType: string, provider?: string | null) =>
  viewerLink(`/flow/share/${encodeURIComponent(idOrType)}`, provider);

/** /viewer/flow-preview/{flowId}: the author's own preview of a flow. */
export const previewLink = (flowId: string, provider?: string | null) =>
  viewerLink(`/flow-preview/${encodeURIComponent(flowId)}`, provider);
