import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8 } from 'fflate';
import { z } from 'zod';
import { ErrorCode } from '../../shared/contract/errors';
import {
  FLOW_FILE_FORMAT,
  FLOW_FILE_MAX_ENTRIES,
  FLOW_FILE_MAX_RATIO,
  FLOW_FILE_MAX_UNCOMPRESSED,
  FLOW_FILE_VERSION,
  FLOW_IMPORT_MAX_BYTES,
  type TFlowDocument,
  ZFlowDocument,
} from '../../shared/contract/flows';
import {
  FLOW_FILE_DOCUMENT,
  FLOW_FILE_MANIFEST,
  writeFlowFile as writeSharedFlowFile,
} from '../../shared/domain/flow-file';
import { isKnownNodeType, nodeSpec } from '../../shared/domain/node-catalogue';
import { AppError, badRequest, zodToAppError } from '../http/errors';
import { PROJECT_ROOT } from '../paths';
import { flowFolderOf } from './flow-file-layout';
import { DOC_SCHEMAS, migrateFlowDocument } from './flow-file-migrations';
import { assertDocSize, unknownTypesError } from './graph-check';
import { inflateEntry, readCentralDirectory, type ZipEntry, ZipError } from './zip-reader';

/**
 * The .flow file: a zip holding manifest.json (format, version, app version, node type versions) and
 * flow.json (the flow document). Writing is shared with the editor (src/shared/domain/flow-file.ts),
 * which exports offline; reading stays here. Reading checks everything before a byte is inflated or written:
 * size, zip structure, entry count, unpacked size and ratio (from the central directory), encryption;
 * then inflates off the event loop, stopping at each declared size and checking each CRC; then the
 * manifest, the version, the schema of that version, the migrations and the node types.
 */

export const MANIFEST = FLOW_FILE_MANIFEST;
export const DOCUMENT = FLOW_FILE_DOCUMENT;

function readAppVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8'));
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}
export const APP_VERSION = readAppVersion();

export function writeFlowFile(doc: TFlowDocument, now: Date = new Date()): Uint8Array {
  return writeSharedFlowFile(doc, { appVersion: APP_VERSION, now });
}

type Entry = ZipEntry;

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const damaged = (what: string) => badRequest(`The .flow file is damaged: ${what}.`);
const isZip = (b: Uint8Array) =>
  b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && (b[2] === 3 || b[2] === 5);

/** The entries as the central directory declares them; nothing is inflated. */
function listEntries(bytes: Uint8Array): Entry[] {
  try {
    return readCentralDirectory(bytes);
  } catch (err) {
    if (err instanceof ZipError) throw damaged(err.message);
    throw damaged('its zip directory cannot be read (is the file complete?)');
  }
}

/**
 * Unpacks the flow's two files from `folder` ('' or one top-level folder, flow-file-layout.ts) off the
 * event loop, each stopped at its declared size (zip-reader.ts); answers them by their base names.
 */
async function unpack(
  bytes: Uint8Array,
  entries: Entry[],
  folder: string,
): Promise<Record<string, Uint8Array>> {
  const files: Record<string, Uint8Array> = {};
  for (const entry of entries) {
    const name = entry.name.startsWith(folder) ? entry.name.slice(folder.length) : '';
    if (name !== MANIFEST && name !== DOCUMENT) continue;
    try {
      files[name] = await inflateEntry(bytes, entry);
    } catch (err) {
      throw damaged(err instanceof ZipError ? err.message : 'its contents cannot be unpacked');
    }
  }
  return files;
}

/**
 * Zip bomb guard: limits from the declared sizes; inflating then stops at each entry's declared size,
 * so the bytes actually produced never pass these limits either.
 */
function checkEntries(entries: Entry[]): void {
  if (entries.length > FLOW_FILE_MAX_ENTRIES) {
    throw badRequest(
      `The .flow file holds ${entries.length} files; at most ${FLOW_FILE_MAX_ENTRIES} are allowed.`,
    );
  }
  const packed = entries.reduce((s, e) => s + e.size, 0);
  const unpacked = entries.reduce((s, e) => s + e.originalSize, 0);
  if (unpacked > FLOW_FILE_MAX_UNCOMPRESSED) {
    throw badRequest(
      `The .flow file unpacks to ${mb(unpacked)}; at most ${mb(FLOW_FILE_MAX_UNCOMPRESSED)} is allowed.`,
    );
  }
  const ratio = unpacked / Math.max(packed, 1);
  if (ratio > FLOW_FILE_MAX_RATIO) {
    throw badRequest(
      `The .flow file is compressed ${Math.round(ratio)}:1, more than the ${FLOW_FILE_MAX_RATIO}:1 allowed; it is refused as a possible zip bomb.`,
    );
  }
  const odd = entries.find((e) => e.compression !== 0 && e.compression !== 8);
  if (odd) throw badRequest(`The .flow file uses an unsupported compression method for ${odd.name}.`);
  const locked = entries.find((e) => e.flags & 1);
  if (locked)
    throw badRequest(`The .flow file is encrypted (${locked.name}); export it again without a password.`);
}

function parseJson(bytes: Uint8Array | undefined, name: string): unknown {
  if (!bytes) throw badRequest(`The .flow file has no ${name}.`);
  try {
    return JSON.parse(strFromU8(bytes));
  } catch {
    throw badRequest(`${name} in the .flow file is not valid JSON.`);
  }
}

// Version 0 manifests had no formatVersion and no node type versions.
const ZManifestIn = z.object({
  format: z.literal(FLOW_FILE_FORMAT, { error: `must be '${FLOW_FILE_FORMAT}'` }),
  formatVersion: z.number().int().min(0).optional(),
  appVersion: z.string().max(100).optional(),
  exportedAt: z.string().max(100).optional(),
  nodeTypes: z.record(z.string(), z.number().int().min(0)).optional(),
});

function within<T>(schema: z.ZodType<T>, value: unknown, file: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const inner = zodToAppError(parsed.error, file);
    throw badRequest(`${file} in the .flow file is not valid: ${inner.message}`, inner.details);
  }
  return parsed.data;
}

export interface ReadFlowFile {
  doc: TFlowDocument;
  formatVersion: number;
  migrations: string[];
}

/** Checks and reads a .flow file; every problem is an AppError (400, or 413 for size) naming it. */
export async function readFlowFile(bytes: Uint8Array): Promise<ReadFlowFile> {
  if (bytes.length > FLOW_IMPORT_MAX_BYTES) {
    throw new AppError(
      ErrorCode.PAYLOAD_TOO_LARGE,
      413,
      `The file is larger than ${mb(FLOW_IMPORT_MAX_BYTES)}.`,
    );
  }
  if (!isZip(bytes)) throw badRequest('The file is not a .flow file (not a zip archive).');
  const entries = listEntries(bytes);
  checkEntries(entries);
  const files = await unpack(bytes, entries, flowFolderOf(entries));
  const manifest = within(ZManifestIn, parseJson(files[MANIFEST], MANIFEST), MANIFEST);
  const version = manifest.formatVersion ?? 0;
  if (version > FLOW_FILE_VERSION) {
    throw badRequest(
      `The .flow file has format version ${version}; this server reads versions up to ${FLOW_FILE_VERSION}. Update Flowlearn to open it.`,
    );
  }
  const raw = within(DOC_SCHEMAS[version], parseJson(files[DOCUMENT], DOCUMENT), DOCUMENT);
  const { doc: migrated, applied } = migrateFlowDocument(raw, version);
  const doc = within(ZFlowDocument, migrated, DOCUMENT);
  // Types are checked after the migrations, which may rename a node type.
  const unknown = doc.nodes
    .filter((n) => !isKnownNodeType(n.type ?? ''))
    .map((n) => ({ nodeId: n.id, type: n.type ?? '' }));
  if (unknown.length) throw unknownTypesError(unknown);
  for (const [type, v] of Object.entries(manifest.nodeTypes ?? {})) {
    const known = nodeSpec(type)?.version;
    if (known !== undefined && v > known) {
      throw badRequest(
        `The .flow file was made by a newer Flowlearn: block type ${type} is version ${v}, this server knows ${known}.`,
      );
    }
  }
  assertDocSize(doc);
  return { doc, formatVersion: version, migrations: applied };
}
