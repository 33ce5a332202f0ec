import type { TRunNode } from '../../shared/domain/runtime/graph';
import type { TServerBlockRequest, TServerBlockResult } from '../../shared/domain/runtime/server-blocks';
import { settingsOf } from '../../shared/domain/runtime/settings';
import type { GoogleAdapter, TDriveFile } from '../adapters/google/google';
import type { TReadBlockFile } from './block-files';

/**
 * Google Drive Upload, through the operator's connected Google account (adapters/google): the linked
 * file (a generated document, the learner's upload), else the linked text as a .txt, goes into the
 * author's folder. Settings from the saved flow: data.folderId (form 1; empty: My Drive's root),
 * data.fileName (form 2; else the file's own name, or the label for text). Answers the Drive link.
 */
const DRIVE_ID = /^[A-Za-z0-9_-]{10,200}$/;

/** A file name without path characters or control characters, at most 120 long. */
const safeName = (name: string) =>
  name
    .replace(/[\\/\p{Cc}]+/gu, ' ')
    .trim()
    .slice(0, 120);

export async function runDriveUpload(
  node: TRunNode,
  req: TServerBlockRequest,
  google: GoogleAdapter,
  readFile: TReadBlockFile,
): Promise<TServerBlockResult> {
  if (google.kind === 'none') return { ok: false, errorCode: 'GOOGLE_NOT_CONNECTED', configured: false };
  const settings = settingsOf(node);
  const folderId = settings.text(['folderId'], 0)?.trim() || undefined;
  if (folderId && !DRIVE_ID.test(folderId))
    return { ok: false, errorCode: 'DRIVE_FOLDER_INVALID', configured: false };
  const named = safeName(settings.text(['fileName'], 1) ?? '');
  const { file, text } = req.inputs;
  let upload: TDriveFile;
  if (file?.type === 'file') {
    const read = await readFile(file.url);
    if (!read) return { ok: false, errorCode: 'FILE_NOT_READABLE', configured: true };
    const name = named || safeName(file.name ?? '') || safeName(read.name) || 'file';
    upload = { name, mediaType: read.mediaType, bytes: read.bytes, folderId };
  } else if (text?.type === 'text' && text.text.trim()) {
    const base = named || safeName(settings.label) || 'text';
    const name = /\.[a-z0-9]{1,5}$/i.test(base) ? base : `${base}.txt`;
    upload = { name, mediaType: 'text/plain', bytes: new TextEncoder().encode(text.text), folderId };
  } else {
    return { ok: false, errorCode: 'FILE_MISSING', configured: true };
  }
  const done = await google.uploadFile(upload);
  return {
    ok: true,
    outputs: { drive: { type: 'drive', url: done.url, name: done.name } },
    summary: done.name,
  };
}
