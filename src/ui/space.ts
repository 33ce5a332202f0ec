import { proxy, useSnapshot } from 'valtio';

/** The active space: the personal space (id and code `personal`) or an organisation. */
export const PERSONAL = 'personal';
export const LAST_ORG_KEY = 'lastOrgId';

export const space = proxy({
  orgId: PERSONAL as string,
  orgCode: PERSONAL as string,
  orgName: '' as string,
});

export function setSpace(next: { orgId: string; orgCode: string; orgName?: string }): void {
  space.orgId = next.orgId || PERSONAL;
  space.orgCode = next.orgCode || PERSONAL;
  space.orgName = next.orgName ?? '';
  try {
    localStorage.setItem(LAST_ORG_KEY, space.orgId);
  } catch {
    // Storage can be unavailable (private mode); the space still works for this tab.
  }
}

export const isPersonal = (orgId: string = space.orgId) => !orgId || orgId === PERSONAL;

/** Words that may stand where an org code goes but mean "no organisation" (spec 01 §2). */
const NOT_ORG_CODES = new Set(['login', 'explore', 'editor']);
export const isOrgCodeSegment = (segment: string | undefined) => !!segment && !NOT_ORG_CODES.has(segment);

/** Prefixes an in-app path with the active org code: `/explore` → `/personal/explore`. */
export function spacePath(path: string, orgCode: string = space.orgCode): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  return `/${orgCode || PERSONAL}${clean}`;
}

export function useSpace() {
  return useSnapshot(space);
}
