import { proxy } from 'valtio';

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
 * Whether the open flow editor offers its Export (built in the browser, so it works offline): the
 * app's storage popup then points at that button. In ui so the app need not import the editor.
 */
export const flowExport = proxy({ offered: false });

/** The editor offers its export while it is open; the returned function withdraws it. */
export function offerFlowExport(): () => void {
  flowExport.offered = true;
  return () => {
    flowExport.offered = false;
  };
}
