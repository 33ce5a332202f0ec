import { PACKAGE_MAX_ENTRIES, PACKAGE_MAX_RATIO, PACKAGE_MAX_UNPACKED } from '../../shared/contract/packages';
import { inflateEntry, readCentralDirectory, type ZipEntry, ZipError } from '../flows/zip-reader';
import { badRequest } from '../http/errors';

/**
 * Reading an uploaded package zip (H5P, xAPI, cmi5) with the .flow import's guards: the central
 * directory is checked (entry count, declared unpacked size, ratio per file and overall, encryption,
 * compression, every path) before anything is inflated; inflation then stops at each declared size
 * and checks each CRC (zip-reader.ts), so a directory that lies costs nothing more.
 */

export type TUnpackedFile = { path: string; bytes: Uint8Array };

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/** Content types by extension: what the files route answers. Anything else in a package is refused. */
export const PACKAGE_FILE_TYPES: Readonly<Record<string, string>> = {
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  xsd: 'application/xml; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  md: 'text/plain; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  wav: 'audio/wav',
  mp4: 'video/mp4',
  webm: 'video/webm',
  ogv: 'video/ogg',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  eot: 'application/vnd.ms-fontobject',
  pdf: 'application/pdf',
  swf: 'application/octet-stream',
};

export const fileTypeOf = (path: string): string | undefined => {
  const dot = path.lastIndexOf('.');
  return dot < 0 ? undefined : PACKAGE_FILE_TYPES[path.slice(dot + 1).toLowerCase()];
};

/**
 * Why a path inside a package is refused, or null. Relative, forward slashes, no `..` or `.` segment,
 * no drive letter, no control characters: a path only ever names a row of the package's file list,
 * but the same rule keeps a package from pretending to hold files outside itself.
 */
export function pathProblem(path: string): string | null {
  if (path.length === 0 || path.length > 500) return 'has an empty or too long path';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(path)) return 'has a control character or a backslash in its path';
  if (path.startsWith('/') || /^[a-zA-Z]:/.test(path)) return 'has an absolute path';
  const parts = path.split('/');
  if (parts.some((p, i) => p === '..' || p === '.' || (p === '' && i < parts.length - 1)))
    return 'has a path that leaves its folder';
  return null;
}

function checkDirectory(entries: ZipEntry[], what: string): void {
  if (entries.length > PACKAGE_MAX_ENTRIES)
    throw badRequest(
      `file: the ${what} holds ${entries.length} files; at most ${PACKAGE_MAX_ENTRIES} are allowed.`,
    );
  let packed = 0;
  let unpacked = 0;
  const seen = new Set<string>();
  for (const e of entries) {
    const problem = pathProblem(e.name);
    if (problem) throw badRequest(`file: the ${what} ${problem} (${JSON.stringify(e.name.slice(0, 100))}).`);
    if (seen.has(e.name)) throw badRequest(`file: the ${what} holds ${e.name} twice.`);
    seen.add(e.name);
    if (e.flags & 1) throw badRequest(`file: the ${what} is encrypted (${e.name}).`);
    if (e.compression !== 0 && e.compression !== 8)
      throw badRequest(`file: the ${what} uses an unsupported compression method for ${e.name}.`);
    if (e.originalSize / Math.max(e.size, 1) > PACKAGE_MAX_RATIO && e.originalSize > 1024 * 1024)
      throw badRequest(
        `file: ${e.name} in the ${what} is compressed more than ${PACKAGE_MAX_RATIO}:1; it is refused as a possible zip bomb.`,
      );
    packed += e.size;
    unpacked += e.originalSize;
  }
  if (unpacked > PACKAGE_MAX_UNPACKED)
    throw badRequest(
      `file: the ${what} unpacks to ${mb(unpacked)}; at most ${mb(PACKAGE_MAX_UNPACKED)} is allowed.`,
    );
  if (unpacked / Math.max(packed, 1) > PACKAGE_MAX_RATIO && unpacked > 1024 * 1024)
    throw badRequest(
      `file: the ${what} is compressed more than ${PACKAGE_MAX_RATIO}:1; it is refused as a possible zip bomb.`,
    );
}

const isZip = (b: Uint8Array) =>
  b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && (b[2] === 3 || b[2] === 5);

/**
 * Every file of the package (folders dropped), checked and unpacked. Files of a type the files route
 * would not serve are refused by name, so an author learns what to remove.
 */
export async function unpackPackage(bytes: Uint8Array, what: string): Promise<TUnpackedFile[]> {
  if (!isZip(bytes)) throw badRequest(`file: the ${what} is not a zip archive.`);
  let entries: ZipEntry[];
  try {
    entries = readCentralDirectory(bytes);
  } catch (err) {
    throw badRequest(
      `file: the ${what} is damaged: ${err instanceof ZipError ? err.message : 'unreadable'}.`,
    );
  }
  checkDirectory(entries, what);
  const files: TUnpackedFile[] = [];
  for (const entry of entries) {
    if (entry.name.endsWith('/')) continue;
    if (!fileTypeOf(entry.name))
      throw badRequest(`file: the ${what} holds ${entry.name}, a type of file packages may not carry.`);
    try {
      files.push({ path: entry.name, bytes: await inflateEntry(bytes, entry) });
    } catch (err) {
      throw badRequest(
        `file: the ${what} is damaged: ${err instanceof ZipError ? err.message : 'unreadable'}.`,
      );
    }
  }
  return files;
}
