import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { courseUnits, lmsBlockId, rollUp, unitMeta } from '../../src/server/lrs/cmi5-course';
import { readXapiPackage } from '../../src/server/packages/package-manifests';
import type { TCmi5Au } from '../../src/server/packages/packages.repo';
import { CMI5_COURSE_TWO, CMI5_TWO_AUS, CMI5_TWO_BLOCK, cmi5CoursePackage } from '../fixtures/packages';

const filesOf = (zip: Uint8Array) => Object.entries(unzipSync(zip)).map(([path, bytes]) => ({ path, bytes }));

const packageOf = (cmi5Au: TCmi5Au | null) => ({
  id: 'p1',
  title: 'Unit one',
  activityId: 'https://au/1',
  launchPath: 'index.html',
  cmi5Au,
});

describe('cmi5 course: several AUs and blocks', () => {
  it('cmi5.xml: every AU in order with its own launch file and moveOn, the block with the AUs inside it', () => {
    const info = readXapiPackage(filesOf(cmi5CoursePackage('Passed')));
    expect(info.activityId).toBe(CMI5_TWO_AUS[0]);
    expect(info.cmi5?.auCount).toBe(2);
    expect(info.cmi5?.courseId).toBe(CMI5_COURSE_TWO);
    expect(info.cmi5?.units?.map((u) => [u.id, u.launchPath, u.moveOn, u.masteryScore])).toEqual([
      [CMI5_TWO_AUS[0], 'one/index.html', 'Completed', undefined],
      [CMI5_TWO_AUS[1], 'two/index.html', 'Passed', 0.5],
    ]);
    expect(info.cmi5?.blocks).toEqual([{ id: CMI5_TWO_BLOCK, title: 'Practice', auIds: [CMI5_TWO_AUS[1]] }]);
  });

  it('rollUp: a block when all its AUs met moveOn, the course when all AUs did', () => {
    const info = readXapiPackage(filesOf(cmi5CoursePackage()));
    const pkg = { ...packageOf(info.cmi5 ?? null), activityId: info.activityId };
    expect(rollUp(pkg, new Set())).toEqual({ course: false, blocks: [] });
    expect(rollUp(pkg, new Set([CMI5_TWO_AUS[0]]))).toEqual({ course: false, blocks: [] });
    expect(rollUp(pkg, new Set([CMI5_TWO_AUS[1]])).blocks.map((b) => b.id)).toEqual([CMI5_TWO_BLOCK]);
    expect(rollUp(pkg, new Set(CMI5_TWO_AUS))).toMatchObject({ course: true });
    // A unit's LaunchData metadata is its own, not the first AU's.
    const second = courseUnits(pkg)[1];
    expect(unitMeta(pkg, second)).toMatchObject({
      moveOn: 'CompletedOrPassed',
      masteryScore: 0.5,
      auCount: 2,
    });
  });

  it('a package imported before multi-AU courses plays its first AU; with others in the course it is never satisfied', () => {
    const au = { moveOn: 'Completed', launchMethod: 'AnyWindow', courseId: 'c', courseTitle: 'C' } as const;
    const single = packageOf({ ...au, auCount: 1 });
    expect(courseUnits(single).map((u) => [u.id, u.launchPath])).toEqual([['https://au/1', 'index.html']]);
    expect(rollUp(single, new Set(['https://au/1'])).course).toBe(true);
    expect(rollUp(packageOf({ ...au, auCount: 2 }), new Set(['https://au/1'])).course).toBe(false);
    expect(courseUnits(packageOf(null))[0].moveOn).toBe('NotApplicable');
  });

  it("the LMS's block id lives under the course's, differs per block and is stable", () => {
    const a = lmsBlockId('https://lms/course/p1', 'https://pub/block1');
    expect(a).toMatch(/^https:\/\/lms\/course\/p1\/block\/[0-9a-f]{24}$/);
    expect(lmsBlockId('https://lms/course/p1', 'https://pub/block1')).toBe(a);
    expect(lmsBlockId('https://lms/course/p1', 'https://pub/block2')).not.toBe(a);
  });
});
