import { ApiError } from '../../shared/api/http';
import { FLOW_IMPORT_MAX_BYTES, type TFlow, type TImportReport } from '../../shared/contract/flows';
import { exportFileName } from '../../shared/domain/export-file-name';
import { saveBlob } from '../../ui/download';
import { flowFilesApi } from './collections.api';
import { addImported } from './flow-list.store';

/** Downloads '{name}-{yyyy}-{mm}-{dd}-{HHmmss}.flow' (spec 01 §5). */
export async function exportFlow(flow: { _id: string; name: string }): Promise<void> {
  const blob = await flowFilesApi.exportFile(flow._id);
  saveBlob(blob, exportFileName(flow.name));
}

/** Why an import did not happen, so the screen can say it in the user's language. */
export type ImportProblem =
  | { kind: 'extension' }
  | { kind: 'empty' }
  | { kind: 'size'; maxMb: number }
  | { kind: 'server'; message: string }
  | { kind: 'silent' };

export type ImportOutcome =
  | { ok: true; flow: TFlow; report: TImportReport }
  | { ok: false; problem: ImportProblem };

/** Checks what the browser can check, then uploads; the server checks the content and the links. */
export async function importFlowFile(file: File, projectId: string | null): Promise<ImportOutcome> {
  if (!file.name.toLowerCase().endsWith('.flow')) return { ok: false, problem: { kind: 'extension' } };
  if (file.size === 0) return { ok: false, problem: { kind: 'empty' } };
  if (file.size > FLOW_IMPORT_MAX_BYTES) {
    return { ok: false, problem: { kind: 'size', maxMb: Math.round(FLOW_IMPORT_MAX_BYTES / 1024 / 1024) } };
  }
  try {
    const { data, report } = await flowFilesApi.importFile(file, projectId);
    addImported(data);
    return { ok: true, flow: data, report };
  } catch (err) {
    // Offline and sign-out already have their own popup; everything else is named on screen.
    if (
      err instanceof ApiError &&
      (err.kind === 'offline' || err.kind === 'cancelled' || err.status === 401)
    ) {
      return { ok: false, problem: { kind: 'silent' } };
    }
    return { ok: false, problem: { kind: 'server', message: err instanceof Error ? err.message : '' } };
  }
}
