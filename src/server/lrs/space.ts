/**
 * The space statements and documents belong to: an organisation ('org:<orgId>') or a user's
 * personal space ('user:<userId>'). Credentials carry one; the app's own writers build one with
 * `lrsSpace` from the request's space and user.
 */
export type LrsSpace = `org:${string}` | `user:${string}`;

export function lrsSpace(space: { orgId: string | null; userId: string }): LrsSpace {
  return space.orgId ? `org:${space.orgId}` : `user:${space.userId}`;
}
