/**
 * Upload types of spec 03 §5, checked by content (magic bytes), not only by the name's extension:
 * a file is accepted when its extension is listed and its first bytes are what that extension says.
 */
export type TUploadKind = 'image' | 'document' | 'audio' | 'h5p' | 'xapi' | 'flow';

export const UPLOAD_EXTENSIONS: Record<TUploadKind, readonly string[]> = {
  document: ['pdf', 'docx', 'doc', 'txt'],
  image: ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'svg', 'webp', 'ico', 'tif', 'tiff'],
  h5p: ['h5p'],
  xapi: ['zip'],
  // Spec 03 §5's audio list, plus webm: what MediaRecorder writes in Chrome and on Android, so a
  // learner's own recording can be uploaded and transcribed (docs/design/ai-media.md).
  audio: ['mp3', 'wav', 'ogg', 'm4a', 'aac', 'flac', 'wma', 'aiff', 'alac', 'webm', 'weba'],
  flow: ['flow'],
};

const starts = (b: Uint8Array, sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);
const ascii = (b: Uint8Array, text: string, at = 0) =>
  starts(
    b,
    [...text].map((c) => c.charCodeAt(0)),
    at,
  );
const head = (b: Uint8Array) =>
  new TextDecoder('utf-8', { fatal: false }).decode(b.subarray(0, 1024)).trimStart();
const isText = (b: Uint8Array) => {
  if (b.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(b.subarray(0, 64 * 1024));
    return true;
  } catch {
    return false;
  }
};
const zip = (b: Uint8Array) => starts(b, [0x50, 0x4b, 0x03, 0x04]) || starts(b, [0x50, 0x4b, 0x05, 0x06]);
const isoMedia = (b: Uint8Array) => ascii(b, 'ftyp', 4);
/** Matroska's EBML magic, and the DocType "webm" inside its (short) header. */
const isWebm = (b: Uint8Array) =>
  starts(b, [0x1a, 0x45, 0xdf, 0xa3]) &&
  new TextDecoder('latin1').decode(b.subarray(4, 256)).includes('webm');

/** What the bytes are, for each extension we accept, with the content type we store. */
const CHECKS: Record<string, { mime: string; is: (b: Uint8Array) => boolean }> = {
  png: { mime: 'image/png', is: (b) => starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  jpg: { mime: 'image/jpeg', is: (b) => starts(b, [0xff, 0xd8, 0xff]) },
  gif: { mime: 'image/gif', is: (b) => ascii(b, 'GIF87a') || ascii(b, 'GIF89a') },
  bmp: { mime: 'image/bmp', is: (b) => ascii(b, 'BM') },
  webp: { mime: 'image/webp', is: (b) => ascii(b, 'RIFF') && ascii(b, 'WEBP', 8) },
  ico: { mime: 'image/x-icon', is: (b) => starts(b, [0, 0, 1, 0]) },
  tif: {
    mime: 'image/tiff',
    is: (b) => starts(b, [0x49, 0x49, 0x2a, 0]) || starts(b, [0x4d, 0x4d, 0, 0x2a]),
  },
  svg: {
    mime: 'image/svg+xml',
    is: (b) =>
      isText(b) &&
      /^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head(b)),
  },
  pdf: { mime: 'application/pdf', is: (b) => ascii(b, '%PDF-') },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', is: zip },
  doc: { mime: 'application/msword', is: (b) => starts(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]) },
  txt: { mime: 'text/plain; charset=utf-8', is: isText },
  h5p: { mime: 'application/zip', is: zip },
  zip: { mime: 'application/zip', is: zip },
  mp3: { mime: 'audio/mpeg', is: (b) => ascii(b, 'ID3') || (b[0] === 0xff && (b[1] & 0xe0) === 0xe0) },
  wav: { mime: 'audio/wav', is: (b) => ascii(b, 'RIFF') && ascii(b, 'WAVE', 8) },
  ogg: { mime: 'audio/ogg', is: (b) => ascii(b, 'OggS') },
  m4a: { mime: 'audio/mp4', is: isoMedia },
  alac: { mime: 'audio/mp4', is: isoMedia },
  aac: { mime: 'audio/aac', is: (b) => (b[0] === 0xff && (b[1] & 0xf6) === 0xf0) || ascii(b, 'ADIF') },
  flac: { mime: 'audio/flac', is: (b) => ascii(b, 'fLaC') },
  wma: { mime: 'audio/x-ms-wma', is: (b) => starts(b, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11]) },
  webm: { mime: 'audio/webm', is: isWebm },
  aiff: { mime: 'audio/aiff', is: (b) => ascii(b, 'FORM') && (ascii(b, 'AIFF', 8) || ascii(b, 'AIFC', 8)) },
  flow: { mime: 'application/json', is: (b) => isText(b) && head(b).startsWith('{') },
};
CHECKS.jpeg = CHECKS.jpg;
CHECKS.tiff = CHECKS.tif;
CHECKS.weba = CHECKS.webm;

export const extensionOf = (name: string): string => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';

/** The kind and content type of an upload, or why it is refused. */
export function checkUpload(
  name: string,
  bytes: Uint8Array,
): { ok: true; kind: TUploadKind; ext: string; mime: string } | { ok: false; reason: string } {
  const ext = extensionOf(name);
  const kind = (Object.keys(UPLOAD_EXTENSIONS) as TUploadKind[]).find((k) =>
    UPLOAD_EXTENSIONS[k].includes(ext),
  );
  if (!kind) return { ok: false, reason: `the file type .${ext || '?'} is not accepted` };
  const check = CHECKS[ext];
  if (!check.is(bytes)) return { ok: false, reason: `the content is not a .${ext} file` };
  return { ok: true, kind, ext, mime: check.mime };
}
