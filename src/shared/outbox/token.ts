/**
 * Reads a JWT's claims without checking its signature. Only for bookkeeping on this device (whose
 * entry or cache is whose, when a token runs out); the server checks every token it is sent.
 */
export function tokenClaims(token: string): { sub?: string; exp?: number } | null {
  try {
    const payload = token.split('.')[1];
    if (!payload) return null;
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' ? (value as { sub?: string; exp?: number }) : null;
  } catch {
    return null;
  }
}

/** Whether a token has more than `marginMs` left. */
export function tokenFresh(token: string | null | undefined, now = Date.now(), marginMs = 30_000): boolean {
  const exp = token ? tokenClaims(token)?.exp : undefined;
  return typeof exp === 'number' && exp * 1000 - marginMs > now;
}
