import { createHash } from 'node:crypto';
import type { TCmi5Au, TCmi5Block, TCmi5Unit } from '../packages/packages.repo';
import { cmi5Defaults } from './cmi5';

/**
 * A cmi5 course as the LMS plays it: its AUs in order and its blocks. The learner launches the AUs
 * one after another in one registration; an AU is satisfied when its moveOn criteria are met, a block
 * when every AU inside it is, the course when every AU is (cmi5 §9.3.9, §13.1.4). Pure: cmi5-lms.ts
 * reads what the learner said and writes the statements.
 */

export interface Cmi5PackageLike {
  id: string;
  title: string;
  activityId: string;
  launchPath: string;
  cmi5Au: TCmi5Au | null;
}

/** The course's AUs: from cmi5.xml, or the one AU a package imported before multi-AU courses plays. */
export function courseUnits(pkg: Cmi5PackageLike): TCmi5Unit[] {
  const au = cmi5Defaults(pkg.cmi5Au, pkg.activityId);
  if (au.units?.length) return au.units;
  const { moveOn, masteryScore, launchMethod, launchParameters } = au;
  const unit: TCmi5Unit = {
    id: pkg.activityId,
    title: pkg.title,
    launchPath: pkg.launchPath,
    moveOn,
    launchMethod,
  };
  if (masteryScore !== undefined) unit.masteryScore = masteryScore;
  if (launchParameters !== undefined) unit.launchParameters = launchParameters;
  return [unit];
}

/** The AU metadata one launch hands the AU (LaunchData, "launched"): the course's, with this AU's moveOn. */
export function unitMeta(pkg: Cmi5PackageLike, unit: TCmi5Unit): TCmi5Au {
  const {
    units: _u,
    blocks: _b,
    masteryScore: _m,
    launchParameters: _p,
    ...course
  } = cmi5Defaults(pkg.cmi5Au, pkg.activityId);
  const meta: TCmi5Au = { ...course, moveOn: unit.moveOn, launchMethod: unit.launchMethod };
  if (unit.masteryScore !== undefined) meta.masteryScore = unit.masteryScore;
  if (unit.launchParameters !== undefined) meta.launchParameters = unit.launchParameters;
  return meta;
}

/**
 * Whether the LMS can judge the whole course. A package imported before multi-AU courses were played
 * knows only its first AU: with others in the course it is never satisfied (it cannot know them).
 */
export const knowsEveryUnit = (pkg: Cmi5PackageLike) =>
  courseUnits(pkg).length >= cmi5Defaults(pkg.cmi5Au, pkg.activityId).auCount;

export interface Rollup {
  course: boolean;
  blocks: TCmi5Block[];
}

/** What is satisfied, given the AUs whose moveOn is met (cmi5 §9.3.9: a block or course when all its AUs are). */
export function rollUp(pkg: Cmi5PackageLike, met: ReadonlySet<string>): Rollup {
  const units = courseUnits(pkg);
  const blocks = cmi5Defaults(pkg.cmi5Au, pkg.activityId).blocks ?? [];
  return {
    course: knowsEveryUnit(pkg) && units.every((u) => met.has(u.id)),
    blocks: blocks.filter((b) => b.auIds.length > 0 && b.auIds.every((id) => met.has(id))),
  };
}

/**
 * The block id the LMS generates (cmi5 §9.4: not the publisher's), one per package and block, the same
 * for every learner; the publisher's id is hashed so that the IRI stays short and plain.
 */
export const lmsBlockId = (courseLmsId: string, publisherBlockId: string) =>
  `${courseLmsId}/block/${createHash('sha256').update(publisherBlockId).digest('hex').slice(0, 24)}`;
