/**
 * The viewer's media library address (spec 03 §2: chat's Library opens it in a new tab). Kept free of
 * zod: the viewer's entry reads it on every start and stays small for phones.
 */
export const MEDIA_LIBRARY_LIMIT = 60;
export const VIEWER_MEDIA_LIBRARY_PATH = '/viewer/media-library';

/** The library's address for a space: the chat's space id goes along, since a new tab has no other. */
export const mediaLibraryHref = (orgId: string | null): string =>
  orgId ? `${VIEWER_MEDIA_LIBRARY_PATH}?org=${encodeURIComponent(orgId)}` : VIEWER_MEDIA_LIBRARY_PATH;

/** The space the viewer's library page was opened for (its `org` parameter), if it is an id. */
export function mediaLibrarySpace(pathname: string, search: string): string | null {
  if (!pathname.startsWith(VIEWER_MEDIA_LIBRARY_PATH)) return null;
  const org = new URLSearchParams(search).get('org');
  return org && /^[0-9a-f]{24}$/.test(org) ? org : null;
}
