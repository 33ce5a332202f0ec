import { proxy } from 'valtio';
import type { TOrgEntry, TUserDefaultLanguageResponse } from '../../shared/contract/orgs';
import { offeredLanguages, type TLanguage } from '../../shared/domain/languages';
import { languageLoad } from '../../ui/language';
import { isPersonal, LAST_ORG_KEY, PERSONAL, setSpace, space } from '../../ui/space';
import { orgsApi } from './orgs.api';

const CACHE_KEY = 'orgsCache';

export const orgs = proxy({
  list: readCache(),
  loaded: false,
  lastVisitedOrgId: '',
  /** Default languages of the personal space and each org; decides which languages are offered. */
  languageDefaults: [] as Array<string | null>,
  /** The default language per space: `personal` or an organisation's id → code (null: not set). */
  spaceLanguages: {} as Record<string, string | null>,
});

function readCache(): TOrgEntry[] {
  try {
    return JSON.parse(localStorage.getItem(CACHE_KEY) ?? '[]') as TOrgEntry[];
  } catch {
    return [];
  }
}

/** Loads the user's organisations; on failure keeps the cached list (guard errors are ignored). */
export async function loadOrgs(): Promise<boolean> {
  try {
    const res = await orgsApi.list(true);
    orgs.list = res.data;
    orgs.lastVisitedOrgId = res.lastVisitedOrgId;
    orgs.loaded = true;
    localStorage.setItem(CACHE_KEY, JSON.stringify(res.data));
    return true;
  } catch {
    return false;
  }
}

function takeLanguages(res: TUserDefaultLanguageResponse): void {
  orgs.languageDefaults = [res.personalSpace.defaultLanguage, ...res.orgs.map((o) => o.defaultLanguage)];
  orgs.spaceLanguages = Object.fromEntries([
    [PERSONAL, res.personalSpace.defaultLanguage],
    ...res.orgs.map((o) => [o.id, o.defaultLanguage]),
  ]);
}

export async function loadLanguageDefaults(): Promise<void> {
  const res = await orgsApi.defaultLanguages().catch(() => null);
  if (res) takeLanguages(res);
}

/** Sets the default language of the personal space or (admins) of an organisation (spec 01 §9). */
export async function saveDefaultLanguage(language: TLanguage, orgId: string): Promise<void> {
  const res = await orgsApi.setDefaultLanguage(language, isPersonal(orgId) ? undefined : orgId);
  takeLanguages(res);
}

/** en-GB and en-US always; others when a space default uses them; only English if loading failed. */
export function languagesOnOffer(): TLanguage[] {
  if (languageLoad.failed) return ['en-GB', 'en-US'];
  return offeredLanguages(orgs.languageDefaults);
}

function enter(org: TOrgEntry | null): void {
  if (!org) setSpace({ orgId: PERSONAL, orgCode: PERSONAL });
  else setSpace({ orgId: org.orgId, orgCode: org.orgCode, orgName: org.name });
}

/** Records the space as last visited on the server (quietly: it is bookkeeping, not an action). */
function remember(orgId: string): void {
  const id = isPersonal(orgId) ? '' : orgId;
  if (orgs.loaded && orgs.lastVisitedOrgId === id) return;
  orgs.lastVisitedOrgId = id;
  void orgsApi.switchOrg(id || PERSONAL, true).catch(() => undefined);
}

/** Makes the org code of the address the active space. */
export async function resolveSpace(orgCode: string): Promise<'ok' | 'not-member'> {
  if (!orgCode || orgCode === space.orgCode) return 'ok';
  if (orgCode === PERSONAL) {
    enter(null);
    remember(PERSONAL);
    return 'ok';
  }
  let org = orgs.list.find((o) => o.orgCode === orgCode);
  if (!org || !orgs.loaded) {
    const ok = await loadOrgs();
    org = orgs.list.find((o) => o.orgCode === orgCode);
    // The list could not be fetched (offline): trust the cache rather than block the user.
    if (!ok && !org) return 'ok';
  }
  if (!org) return 'not-member';
  enter(org);
  remember(org.orgId);
  return 'ok';
}

function storedLastOrgId(): string {
  try {
    return localStorage.getItem(LAST_ORG_KEY) ?? '';
  } catch {
    return '';
  }
}

/**
 * The space to open on start and after sign-in (spec 01's last-visited organisation): the server's
 * record, or this device's when the server cannot be asked (offline); personal when there is none.
 */
export async function lastVisitedOrgCode(): Promise<string> {
  const fresh = await loadOrgs();
  const id = fresh ? orgs.lastVisitedOrgId : storedLastOrgId();
  const org = isPersonal(id) ? undefined : orgs.list.find((o) => o.orgId === id);
  enter(org ?? null);
  return org?.orgCode ?? PERSONAL;
}

export async function joinOrg(orgCode: string): Promise<TOrgEntry> {
  const res = await orgsApi.join(orgCode);
  await loadOrgs();
  enter(res.data);
  orgs.lastVisitedOrgId = res.data.orgId;
  return res.data;
}

export function resetOrgs(): void {
  orgs.list = [];
  orgs.loaded = false;
  orgs.lastVisitedOrgId = '';
  enter(null);
}

/** Public lookup by code (no sign-in needed); null when there is no such organisation. */
export async function fetchPublicOrg(orgCode: string) {
  return (await orgsApi.byCodePublic(orgCode).catch(() => null))?.data ?? null;
}

/** Admins: sets the chosen code, or a fresh random one; the space follows the new code at once. */
export async function changeOrgCode(orgId: string, orgCode?: string): Promise<string> {
  const res = await orgsApi.changeCode(orgId, orgCode ? { orgCode } : {});
  orgs.list = orgs.list.map((o) => (o.orgId === orgId ? res.data : o));
  localStorage.setItem(CACHE_KEY, JSON.stringify(orgs.list));
  if (space.orgId === orgId) enter(res.data);
  return res.data.orgCode;
}
