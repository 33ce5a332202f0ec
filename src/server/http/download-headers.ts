/**
 * Headers of a user's file served from our origin. A file a user uploaded is untrusted content on
 * the app's origin: opened directly, an SVG, HTML or XML document could run script with the
 * viewer's session. So every download carries its own sandboxing policy (which the app-wide
 * security headers keep, security.ts) and active types are never rendered inline: the browser
 * saves them instead. An `<img>` still shows an SVG served as an attachment (content-disposition
 * only matters when the file is opened as a page), and images in `<img>` run no script anyway.
 */

/** Content types a browser would render as a document able to run script or load others. */
const ACTIVE_TYPES = [
  'image/svg+xml',
  'text/html',
  'application/xhtml+xml',
  'text/xml',
  'application/xml',
  'application/xslt+xml',
  'text/xsl',
  'application/mathml+xml',
  'application/rdf+xml',
  'text/javascript',
  'application/javascript',
  'application/ecmascript',
];

const bareType = (contentType: string) => contentType.split(';')[0]?.trim().toLowerCase() ?? '';

/** True when opening this type from our origin could run script or form a page of its own. */
export function isActiveContentType(contentType: string): boolean {
  const type = bareType(contentType);
  return ACTIVE_TYPES.includes(type) || type.endsWith('+xml');
}

/** The policy every download keeps: nothing loads, nothing runs, a unique origin. */
export const DOWNLOAD_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** `inline` for passive types, `attachment` for active ones; the name in both spellings. */
export function contentDispositionFor(contentType: string, fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const mode = isActiveContentType(contentType) ? 'attachment' : 'inline';
  return `${mode}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
