import { proxy, ref } from 'valtio';

/** Hands a blob to the browser as a download (no network: it works offline). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // Some browsers read the address after click() returns: revoke it later, not now.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * The export the open flow editor offers (built in the browser, so it works offline), or null when
 * no flow is open. In ui so the app's storage popup can point at it without importing the editor.
 */
export const flowExport = proxy({ run: null as null | (() => void) });

/** The editor offers its export while it is open; the returned function withdraws it. */
export function offerFlowExport(run: () => void): () => void {
  flowExport.run = ref(run);
  return () => {
    if (flowExport.run === run) flowExport.run = null;
  };
}
