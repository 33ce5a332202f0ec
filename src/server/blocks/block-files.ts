import { findMedia } from '../chat/media.repo';
import type { TDocumentDeps } from './document-blocks';

/**
 * The bytes behind a file value a server-run block received (Google Drive Upload). The phone sends only
 * a URL, so the server reads the file itself, and only one the caller could already open: a signed
 * link the server handed out (a generated document, media-links.ts), or the learner's own upload.
 * Anything else (another user's media id typed into a request) is refused as unreadable.
 */
export const BLOCK_FILE_MAX_BYTES = 25 * 1024 * 1024;
const DOWNLOAD_PATH = /^\/api\/s3\/download\/([0-9a-f]{24})$/;

export type TBlockFile = { bytes: Uint8Array; name: string; mediaType: string };
export type TReadBlockFile = (url: string) => Promise<TBlockFile | null>;

const fail = (errorCode: string) => Object.assign(new Error(errorCode), { errorCode });

export function blockFileReader(deps: TDocumentDeps, learnerId: string | undefined): TReadBlockFile {
  return async (url) => {
    let parsed: URL;
    try {
      parsed = new URL(url, 'http://flowlearn.invalid');
    } catch {
      return null;
    }
    const id = DOWNLOAD_PATH.exec(parsed.pathname)?.[1];
    const row = id ? await findMedia(deps.db, id) : null;
    if (!id || !row) return null;
    const own = learnerId !== undefined && row.userId === learnerId;
    const q = parsed.searchParams;
    if (!own && !(await deps.links.verify(id, q.get('exp') ?? undefined, q.get('sig') ?? undefined)))
      return null;
    if (row.size > BLOCK_FILE_MAX_BYTES) throw fail('FILE_TOO_LARGE');
    const bytes = await deps.storage.get(row.storageKey);
    return bytes ? { bytes, name: row.fileName, mediaType: row.contentType } : null;
  };
}
