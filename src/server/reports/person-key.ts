import { type SQL, sql } from 'drizzle-orm';
import { agentIfi } from '../../shared/domain/xapi/agents';
import type { SlimStatement } from './reports.repo';

/**
 * Who a statement is about, for the reports. The player writes a signed-in learner as their mbox, but a
 * cmi5 package is launched with an Agent account (cmi5 §9.2: our origin, the learner's user id), so one
 * learner has two xAPI identifiers. The LRS keeps each statement's own identifier (an AU may query by
 * it); the reports fold an account of our origin whose name is a participant's user id into that
 * participant's mbox. A guest's account (name `guest-…`) and an account of another site are not a
 * participant's user id and stay who they are.
 */

/** The identifier (agentIfi) of the account actor a cmi5 launch gives this user. */
export const ownAccountIfi = (origin: string, userId: string) => `account:${origin}|${userId}`;

/**
 * The participants behind the account actors of `statements` (cmi5 launches), for the dashboard to
 * show them by name and e-mail: the account's name (the user id) with the person. Others: none.
 */
export function accountPeople(
  statements: ReadonlyArray<Record<string, unknown>>,
  people: ReadonlyArray<{ userId: string; name: string; email: string }>,
  origin: string | undefined,
): Array<{ account: string; name: string; email: string }> {
  if (!origin) return [];
  const seen = new Set(statements.map((s) => agentIfi(s.actor)).filter((x): x is string => !!x));
  return people
    .filter((p) => seen.has(ownAccountIfi(origin, p.userId)))
    .map((p) => ({ account: p.userId, name: p.name, email: p.email }));
}

/** Account identifier → the participant's mbox identifier, for the participants of one assignment. */
export function participantAliases(
  people: ReadonlyArray<{ userId: string; ifi: string }>,
  origin: string | undefined,
): Map<string, string> {
  if (!origin) return new Map();
  return new Map(people.map((p) => [ownAccountIfi(origin, p.userId), p.ifi]));
}

/**
 * The cells (newest `perCell` statements of each object × verb × actor, newest first) with aliased
 * actors renamed to their person; a person's two cells of one object and verb become one, newest first.
 * When no statement is aliased the cells are returned as they are (no sort).
 */
export function cellsByPerson(
  cells: SlimStatement[],
  aliases: ReadonlyMap<string, string>,
  perCell: number,
): SlimStatement[] {
  if (aliases.size === 0 || !cells.some((c) => aliases.has(c.actor))) return cells;
  const renamed = cells.map((c) => {
    const person = aliases.get(c.actor);
    return person ? { ...c, actor: person } : c;
  });
  const key = (c: SlimStatement) => `${c.objectId}\u0000${c.verbId}\u0000${c.actor}`;
  const groups = new Map<string, SlimStatement[]>();
  for (const c of renamed) {
    const list = groups.get(key(c));
    if (list) list.push(c);
    else groups.set(key(c), [c]);
  }
  // Within a group the statements of each identifier are newest first already; merged they are re-sorted.
  return [...groups.values()].flatMap((g) =>
    g.length <= 1 ? g : [...g].sort((a, b) => b.timestamp.localeCompare(a.timestamp)).slice(0, perCell),
  );
}

/**
 * The assignment's participants as rows (p_ifi: their account identifier at our origin, p_key: their
 * mbox identifier, p_name, p_mbox), for one join on the distinct actors of a report (never per statement).
 * Without an origin no account is ours and the rows are none.
 */
export function participantKeys(assignmentId: string, origin: string | undefined): SQL {
  if (!origin)
    return sql`select null::text as p_ifi, null::text as p_key, null::text as p_name, null::text as p_mbox where false`;
  return sql`select 'account:' || ${origin}::text || '|' || u.id as p_ifi,
      'mbox:mailto:' || lower(u.email) as p_key,
      coalesce(nullif(u.fullname, ''), u.email) as p_name, 'mailto:' || u.email as p_mbox
    from assignment_participants ap join users u on u.id = ap.user_id
    where ap.assignment_id = ${assignmentId}`;
}
