import { POST_LOGIN_KEY } from './auth.session';

/** The `next` of /login with the word editor stripped (spec 01 §2); only in-app paths are honoured. */
export function nextFromSearch(search: string): string {
  const raw = new URLSearchParams(search).get('next');
  if (!raw) return '/';
  let path = raw.replace(/^\/?editor(?=\/|$)/, '');
  if (!path.startsWith('/')) path = `/${path}`;
  // Never leave the app: "//evil.example" or "/\evil" would be read by browsers as another host.
  if (path.startsWith('//') || path.startsWith('/\\')) return '/';
  return path || '/';
}

/**
 * The learner app lives beside the editor at /viewer (its own entry, not a route of the editor), so a
 * `next` there — a join link, a flow a learner was asked to sign in for — is a page load of that path:
 * the editor's router would prefix it with /editor and answer 404.
 */
export const isLearnerAppPath = (path: string): boolean => /^\/viewer(?=[/?#]|$)/.test(path);

/** Goes to a `next` taken from nextFromSearch, replacing the sign-in page in the history. */
export function goToNext(next: string, navigate: (to: string, options: { replace: boolean }) => void): void {
  if (isLearnerAppPath(next)) window.location.replace(next);
  else navigate(next, { replace: true });
}

/** The query string kept on the /signup and /org-login links. */
export const keepQuery = (path: string, search: string) =>
  search ? `${path}${search.startsWith('?') ? '' : '?'}${search}` : path;

export function takePostLoginPath(): string | null {
  try {
    const v = sessionStorage.getItem(POST_LOGIN_KEY);
    if (v) sessionStorage.removeItem(POST_LOGIN_KEY);
    return v;
  } catch {
    return null;
  }
}

export function storePostLoginPath(path: string): void {
  try {
    sessionStorage.setItem(POST_LOGIN_KEY, path);
  } catch {
    // Without storage the user lands on the default page after Google sign-in.
  }
}

export function startOidc(next: string): void {
  storePostLoginPath(next);
  window.location.assign(`/api/auth/oidc/start?next=${encodeURIComponent(next)}`);
}
