import { version } from '../../../../package.json';
import type { TFlow, TFlowDocument } from '../../../shared/contract/flows';
import { currentSnapshot } from '../../../shared/domain/edit-history';
import { exportFileName } from '../../../shared/domain/export-file-name';
import { writeFlowFile } from '../../../shared/domain/flow-file';
import { saveBlob } from '../../../ui/download';
import { editor, session } from './canvas.store';
import { finishEditing } from './edit.actions';

/**
 * Export of the open flow, written here in the browser rather than downloaded from the server: it
 * is the way out when the device is full or the network is gone, so it may need neither. The file
 * is what the server's export writes (the shared writer) and what its import reads.
 */

// What the canvas does not edit but a .flow file carries; from the server's copy when it was read.
type TMeta = Pick<TFlowDocument, 'description' | 'iconUrl' | 'published'>;
let meta: TMeta & { flowId: string } = { flowId: '', description: '', iconUrl: null, published: false };

export function rememberFlowMeta(flow: TFlow): void {
  meta = {
    flowId: flow._id,
    description: flow.description,
    iconUrl: flow.iconUrl,
    published: flow.published,
  };
}

/** The document as the canvas shows it now, unsaved changes included. */
export function currentDocument(): TFlowDocument {
  finishEditing();
  const { nodes, edges } = currentSnapshot(session.history);
  // Opened offline from a draft, the server's copy was never read: defaults, never another flow's.
  const known = meta.flowId === editor.flowId ? meta : { description: '', iconUrl: null, published: false };
  return {
    name: editor.name.trim() || 'Untitled',
    description: known.description,
    iconUrl: known.iconUrl,
    published: known.published,
    // The snapshot is frozen for the history; the writer only reads it (as the save does).
    nodes: nodes as TFlowDocument['nodes'],
    edges: edges as TFlowDocument['edges'],
  };
}

/** Downloads the open flow as '{name}-{yyyy}-{mm}-{dd}-{HHmmss}.flow' (spec 01 §5); throws if it cannot. */
export function exportOpenFlow(now: Date = new Date()): void {
  if (editor.status !== 'ready') return;
  const bytes = writeFlowFile(currentDocument(), { appVersion: version, now });
  const blob = new Blob([bytes as BlobPart], { type: 'application/octet-stream' });
  saveBlob(blob, exportFileName(editor.name, now));
}
