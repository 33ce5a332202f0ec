import { strToU8, zipSync } from 'fflate';
import {
  FLOW_FILE_FORMAT,
  FLOW_FILE_VERSION,
  type TFlowDocument,
  type TFlowFileManifest,
} from '../contract/flows';
import { nodeSpec } from './node-catalogue';

/**
 * Writing a .flow file: a zip holding manifest.json (format, version, app version, node type
 * versions) and flow.json (the flow document). Shared so the server's export and the editor's
 * offline export write the very same file; reading and checking one stays on the server
 * (src/server/flows/flow-file.ts), which is what accepts files from outside.
 */

export const FLOW_FILE_MANIFEST = 'manifest.json';
export const FLOW_FILE_DOCUMENT = 'flow.json';

export interface TFlowFileOptions {
  /** The version of the Flowlearn that writes the file (package.json), for support and migrations. */
  appVersion: string;
  now?: Date;
}

export function flowFileManifest(doc: TFlowDocument, appVersion: string, now: Date): TFlowFileManifest {
  // The version of each block type used, so a newer file's blocks are refused by an older reader.
  const nodeTypes: Record<string, number> = {};
  for (const n of doc.nodes) if (n.type) nodeTypes[n.type] = nodeSpec(n.type)?.version ?? 1;
  return {
    format: FLOW_FILE_FORMAT,
    formatVersion: FLOW_FILE_VERSION,
    appVersion,
    exportedAt: now.toISOString(),
    nodeTypes,
  };
}

export function writeFlowFile(
  doc: TFlowDocument,
  { appVersion, now = new Date() }: TFlowFileOptions,
): Uint8Array {
  const manifest = flowFileManifest(doc, appVersion, now);
  return zipSync(
    {
      [FLOW_FILE_MANIFEST]: strToU8(JSON.stringify(manifest, null, 2)),
      [FLOW_FILE_DOCUMENT]: strToU8(JSON.stringify(doc)),
    },
    { level: 6, mtime: now },
  );
}
