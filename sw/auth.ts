/// <reference lib="webworker" />
import { REFRESH_LOCK } from '../src/shared/outbox/protocol';
import { tokenClaims, tokenFresh } from '../src/shared/outbox/token';

declare const self: ServiceWorkerGlobalScope;

/** No token: `offline` when the refresh call did not get through, `null` when there is no session. */
export type TTokenAnswer = string | null | 'offline';

/**
 * Calls POST /api/auth/refresh with the refresh cookie (same-origin fetch). Under the lock the app
 * takes too: the server rotates the cookie, and two refreshes with one cookie would be a reuse.
 */
async function refresh(retry = true): Promise<TTokenAnswer> {
  const run = async (): Promise<TTokenAnswer | 'race'> => {
    let res: Response;
    try {
      res = await fetch(new URL('/api/auth/refresh', self.location.origin), {
        method: 'POST',
        credentials: 'same-origin',
        cache: 'no-store',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: '{}',
      });
    } catch {
      return 'offline';
    }
    const json = (await res.json().catch(() => null)) as {
      accessToken?: unknown;
      errorCode?: unknown;
    } | null;
    if (res.ok && typeof json?.accessToken === 'string') return json.accessToken;
    // Another tab refreshed a moment ago: its new cookie is ours too, ask once more.
    if (json?.errorCode === 'REFRESH_RACE' && retry) return 'race';
    return res.status >= 500 ? 'offline' : null;
  };
  const locks = self.navigator.locks;
  const answer = await (locks ? locks.request(REFRESH_LOCK, run) : run());
  if (answer === 'race') return refresh(false);
  return answer;
}

/**
 * The access token of one replay, kept in its memory only (never stored, never given to a page).
 * It starts from the token of the page request that began the replay, when there is one.
 */
export class ReplayAuth {
  private token: string | null;
  private gone = false;

  constructor(seed?: string | null) {
    this.token = seed && tokenFresh(seed) ? seed : null;
  }

  /** A token for entries of `userId`; null when that user has no session here (they wait). */
  async tokenFor(userId: string | null): Promise<TTokenAnswer> {
    if (!tokenFresh(this.token)) {
      const renewed = await this.renew();
      if (renewed === null || renewed === 'offline') return renewed;
    }
    const sub = this.token ? tokenClaims(this.token)?.sub : undefined;
    return userId && sub !== userId ? null : this.token;
  }

  /** A new token from the refresh cookie; asked once per replay when it is refused. */
  async renew(): Promise<TTokenAnswer> {
    if (this.gone) return null;
    const answer = await refresh();
    if (answer === 'offline') return answer;
    this.token = answer;
    if (!answer) this.gone = true;
    return answer;
  }
}
