import { badRequest } from '../http/errors';
import { CMI5_MOVE_ON, type TCmi5Au, type TCmi5MoveOn } from './packages.repo';

/**
 * The AU's launch metadata in cmi5.xml (cmi5 §13.1.4): moveOn (default NotApplicable), masteryScore
 * (a decimal 0..1, optional), launchMethod (default AnyWindow) and launchParameters (opaque text the
 * AU reads from LMS.LaunchData). A value outside what the course structure XSD allows is refused at
 * import with 400, so a launch never hands an AU data the spec does not define.
 */

type Node = Record<string, unknown>;

const attr = (node: Node, name: string): string | undefined => {
  const v = node[`@${name}`];
  return typeof v === 'string' && v.trim() ? v.trim() : undefined;
};

const textOf = (v: unknown): string | undefined => {
  const x = Array.isArray(v) ? v[0] : v;
  if (typeof x === 'string' || typeof x === 'number') return String(x).trim() || undefined;
  if (x && typeof x === 'object') return textOf((x as Node)['#text']);
  return undefined;
};

export function readCmi5Au(au: Node, course: { id?: string; title: string }, auCount: number): TCmi5Au {
  const moveOn = attr(au, 'moveOn') ?? 'NotApplicable';
  if (!(CMI5_MOVE_ON as readonly string[]).includes(moveOn))
    throw badRequest(`file: cmi5.xml: moveOn must be one of ${CMI5_MOVE_ON.join(', ')} (got ${moveOn}).`);
  const launchMethod = attr(au, 'launchMethod') ?? 'AnyWindow';
  if (launchMethod !== 'AnyWindow' && launchMethod !== 'OwnWindow')
    throw badRequest(`file: cmi5.xml: launchMethod must be AnyWindow or OwnWindow (got ${launchMethod}).`);
  if (!course.id) throw badRequest('file: cmi5.xml: the course must have an id.');
  const out: TCmi5Au = {
    moveOn: moveOn as TCmi5MoveOn,
    launchMethod,
    courseId: course.id,
    courseTitle: course.title,
    auCount,
  };
  const mastery = attr(au, 'masteryScore');
  if (mastery !== undefined) {
    const score = Number(mastery);
    if (!/^\d*\.?\d+$/.test(mastery) || !(score >= 0 && score <= 1))
      throw badRequest(`file: cmi5.xml: masteryScore must be a decimal from 0 to 1 (got ${mastery}).`);
    out.masteryScore = score;
  }
  const parameters = textOf(au.launchParameters);
  if (parameters !== undefined) out.launchParameters = parameters.slice(0, 10_000);
  return out;
}
