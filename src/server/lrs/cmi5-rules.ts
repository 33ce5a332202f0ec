import { isObject, type JsonObject } from '../../shared/domain/xapi';
import { CMI5 } from './cmi5';

/**
 * What the LMS refuses of an AU's statements (cmi5 §6.3: it SHOULD reject statements that break the
 * Statement API rules of §9; we do, with 403, rather than void them afterwards). Pure: cmi5-guard.ts
 * reads what the session and the registration already hold and calls `cmi5Refusal` before storing.
 *
 * A statement is judged as "cmi5 defined" when its verb is one of cmi5's AU verbs and its object is the
 * AU itself: exactly what the LMS counts towards moveOn (cmi5-lms.ts), so an AU cannot slip a passed
 * past the rules by leaving out the cmi5 category. Statements about activities inside the AU
 * (`{au}/q1`) are "cmi5 allowed" and only the end of the session applies to them.
 */

export const CMI5_AU_VERBS = [
  CMI5.initialized,
  CMI5.completed,
  CMI5.passed,
  CMI5.failed,
  CMI5.terminated,
] as const;

/** What the LRS already holds about the AU for this learner (statements sent again with their id excluded). */
export interface Cmi5History {
  /** The session's end, when the AU said "terminated" or the LMS wrote "abandoned". */
  sessionEnded: 'terminated' | 'abandoned' | null;
  /** cmi5 AU verbs said in this session. */
  sessionVerbs: ReadonlySet<string>;
  /** cmi5 AU verbs said in the registration, any session. */
  registrationVerbs: ReadonlySet<string>;
}

export interface Cmi5Unit {
  /** The AU's activity id as launched. */
  auId: string;
  /** From LMS.LaunchData: "passed" needs a scaled score at or above it, "failed" one below it. */
  masteryScore?: number;
}

const name = (verb: string) => verb.slice(verb.lastIndexOf('/') + 1);

const scaledOf = (st: JsonObject): number | undefined => {
  const score = isObject(st.result) && isObject(st.result.score) ? st.result.score : undefined;
  return typeof score?.scaled === 'number' ? score.scaled : undefined;
};

/** The first reason to refuse the batch, as "statement {i}: …", or null when the LMS accepts it. */
export function cmi5Refusal(batch: readonly unknown[], history: Cmi5History, unit: Cmi5Unit): string | null {
  const session = new Set(history.sessionVerbs);
  const registration = new Set(history.registrationVerbs);
  let ended = history.sessionEnded;
  for (const [i, raw] of batch.entries()) {
    const at = `statement ${i}`;
    if (ended === 'terminated')
      return `${at}: this cmi5 session was terminated; the LMS accepts no more statements in it (cmi5 §9.3.8)`;
    if (ended === 'abandoned')
      return `${at}: this cmi5 session was abandoned (a newer launch of the AU took over); the LMS accepts no more statements in it (cmi5 §9.3.6)`;
    if (!isObject(raw) || !isObject(raw.verb) || !isObject(raw.object)) continue;
    const verb = String(raw.verb.id);
    if (raw.object.id !== unit.auId || !(CMI5_AU_VERBS as readonly string[]).includes(verb)) continue;
    const refusal = judge(raw, verb, session, registration, unit);
    if (refusal) return `${at}: ${refusal}`;
    session.add(verb);
    registration.add(verb);
    if (verb === CMI5.terminated) ended = 'terminated';
  }
  return null;
}

function judge(
  st: JsonObject,
  verb: string,
  session: ReadonlySet<string>,
  registration: ReadonlySet<string>,
  unit: Cmi5Unit,
): string | null {
  if (session.has(verb)) return `"${name(verb)}" was already said in this cmi5 session (cmi5 §9.3)`;
  const judged = verb === CMI5.passed || verb === CMI5.failed;
  if (judged && (session.has(CMI5.passed) || session.has(CMI5.failed)))
    return 'a cmi5 session holds one "passed" or "failed", not both (cmi5 §9.3)';
  if ((verb === CMI5.completed || verb === CMI5.passed) && registration.has(verb))
    return `the AU already said "${name(verb)}" in this registration (cmi5 §9.3.${verb === CMI5.passed ? 4 : 3})`;
  if (verb === CMI5.failed && registration.has(CMI5.passed))
    return '"failed" cannot follow "passed" in a registration (cmi5 §9.3)';
  const scaled = scaledOf(st);
  const mastery = unit.masteryScore;
  if (mastery === undefined || scaled === undefined) return null;
  if (verb === CMI5.passed && scaled < mastery)
    return `"passed" with result.score.scaled ${scaled} is below the AU's masteryScore ${mastery} (cmi5 §9.3.4)`;
  if (verb === CMI5.failed && scaled >= mastery)
    return `"failed" with result.score.scaled ${scaled} is at or above the AU's masteryScore ${mastery} (cmi5 §9.3.5)`;
  return null;
}
