import { FLOW_NAME_MAX, type TImportReport } from '../../shared/contract/flows';
import { copyName } from '../../shared/domain/copy-name';
import { exportFileName } from '../../shared/domain/export-file-name';
import { newId } from '../../shared/domain/ids';
import type { Caller } from '../collections/access';
import type { AppDeps } from '../http/context';
import { notFound } from '../http/errors';
import { readFlowFile, writeFlowFile } from './flow-file';
import { updateFlowAtRevision } from './flow-save.repo';
import { findFlow, flowNamesIn, insertFlows } from './flows.repo';
import type { FlowsService } from './flows.service';
import { documentOf, flowView } from './flows.view';
import { markBrokenLinks } from './graph-check';

/** Export and import of .flow files. An import is fully checked (flow-file.ts) before anything is written. */
export function createFlowIoService(deps: AppDeps, flows: FlowsService) {
  const db = deps.database.db;

  /** Reads the file and marks the links the rules refuse; returns the document to store and the report. */
  async function prepare(caller: Caller, bytes: Uint8Array) {
    const file = await readFlowFile(bytes);
    const { edges, broken } = markBrokenLinks(file.doc, await flows.linkContext(caller, file.doc));
    const doc = { ...file.doc, edges };
    const report: TImportReport = {
      formatVersion: file.formatVersion,
      migrations: file.migrations,
      brokenLinks: broken,
      nodesCount: doc.nodes.length,
      edgesCount: doc.edges.length,
    };
    return { doc, report };
  }

  return {
    async exportFile(caller: Caller, id: string, now: Date = new Date()) {
      const row = await flows.flowFor(caller, id, 'read');
      return { bytes: writeFlowFile(documentOf(row), now), fileName: exportFileName(row.name, now) };
    },

    /** Replaces the flow's document; `revision` (from If-Match) guards against overwriting a newer save. */
    async importInto(caller: Caller, id: string, bytes: Uint8Array, revision?: number) {
      const row = await flows.flowFor(caller, id, 'read');
      if (revision !== undefined && revision !== row.revision) throw flows.conflictWith(row);
      const { doc, report } = await prepare(caller, bytes);
      const at = { id, revision: revision ?? row.revision, projectId: row.projectId };
      const updated = await updateFlowAtRevision(db, at, doc);
      if (updated) return { data: flowView(updated), report };
      const current = await findFlow(db, caller.orgId, id);
      throw current ? flows.conflictWith(current) : notFound('Flow');
    },

    /** A new flow from the file, in the given collection or No Project. */
    async importNew(caller: Caller, bytes: Uint8Array, projectId?: string) {
      const t = await flows.target(caller, projectId);
      const { doc, report } = await prepare(caller, bytes);
      const taken = await flowNamesIn(db, {
        orgId: caller.orgId,
        projectId: t.projectId,
        ownerId: caller.userId,
      });
      const name = copyName(doc.name, taken, FLOW_NAME_MAX);
      const [row] = await insertFlows(db, [
        { ...doc, name, id: newId(), orgId: caller.orgId, ownerId: caller.userId, projectId: t.projectId },
      ]);
      return { data: flowView(row), report };
    },
  };
}
