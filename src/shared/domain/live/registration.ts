/**
 * The xAPI registration of a live lesson: every statement a phone writes during the lesson carries it
 * as `context.registration`, so reports can find one lesson's answers. A registration must be a UUID
 * and a live session's id is 24 hex digits (96 bits); a version-8 UUID (RFC 9562, "custom") has room
 * for all of them beside a fixed tag, so the mapping is stable, needs no hashing and is reversible.
 * Server and player both call this one function, so they can never disagree.
 */
const TAG = 'f10e1e';
const SESSION_ID = /^[0-9a-f]{24}$/;

export function liveRegistration(sessionId: string): string {
  const id = sessionId.toLowerCase();
  if (!SESSION_ID.test(id)) throw new Error('A live session id is 24 hex digits');
  // tag(6) + id: 8-4 | '8' (version) + 3 | 'a' (variant 10xx) + 3 | 12
  const head = TAG + id.slice(0, 6);
  return `${head.slice(0, 8)}-${head.slice(8, 12)}-8${id.slice(6, 9)}-a${id.slice(9, 12)}-${id.slice(12)}`;
}

/** The session id a live registration was made from, or null for any other registration. */
export function sessionOfRegistration(registration: string): string | null {
  const m = /^f10e1e([0-9a-f]{2})-([0-9a-f]{4})-8([0-9a-f]{3})-a([0-9a-f]{3})-([0-9a-f]{12})$/.exec(
    registration.toLowerCase(),
  );
  return m ? m.slice(1).join('') : null;
}
