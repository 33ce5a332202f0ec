import { describe, expect, it } from 'vitest';
import { facesOf } from '../../src/server/documents/pdf-fonts';
import { CMI5, launchData, lmsContext, moveOnMet, satisfiedStatementId } from '../../src/server/lrs/cmi5';

describe('cmi5: the LMS side', () => {
  it('moveOn: each criterion is met by exactly what cmi5 §13.1.4 says', () => {
    const cases = [
      { completed: false, passed: false },
      { completed: true, passed: false },
      { completed: false, passed: true },
      { completed: true, passed: true },
    ];
    const met = (moveOn: Parameters<typeof moveOnMet>[0]) => cases.map((c) => moveOnMet(moveOn, c));
    expect(met('Completed')).toEqual([false, true, false, true]);
    expect(met('Passed')).toEqual([false, false, true, true]);
    expect(met('CompletedAndPassed')).toEqual([false, false, false, true]);
    expect(met('CompletedOrPassed')).toEqual([false, true, true, true]);
    expect(met('NotApplicable')).toEqual([true, true, true, true]);
  });

  it("the satisfied statement's id is a UUID, the same for the same learner, registration and course only", () => {
    const id = satisfiedStatementId('org:a', 'mbox:x', 'r1', 'https://c');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(satisfiedStatementId('org:a', 'mbox:x', 'r1', 'https://c')).toBe(id);
    expect(satisfiedStatementId('org:a', 'mbox:x', 'r2', 'https://c')).not.toBe(id);
    expect(satisfiedStatementId('org:b', 'mbox:x', 'r1', 'https://c')).not.toBe(id);
  });

  it('LaunchData leaves out masteryScore and launchParameters the course structure does not give', () => {
    const au = {
      moveOn: 'Passed',
      launchMethod: 'AnyWindow',
      courseId: 'c',
      courseTitle: 'C',
      auCount: 1,
    } as const;
    const data = launchData('s1', 'https://au', au);
    expect(data).toEqual({
      contextTemplate: {
        contextActivities: { grouping: [{ objectType: 'Activity', id: 'https://au' }] },
        extensions: { [CMI5.sessionId]: 's1' },
      },
      launchMode: 'Normal',
      launchMethod: 'AnyWindow',
      moveOn: 'Passed',
    });
    expect(launchData('s1', 'https://au', { ...au, masteryScore: 0 }).masteryScore).toBe(0);
  });

  it("an LMS statement's context keeps the launch's activities and adds the cmi5 category once", () => {
    const base = {
      contextActivities: { grouping: [{ id: 'https://assignment' }], category: [{ id: CMI5.category }] },
      extensions: { 'https://flowlearn/x': 1 },
    };
    type Ctx = {
      registration: string;
      contextActivities: Record<string, Array<{ id: string }>>;
      extensions: unknown;
    };
    const ctx = lmsContext(base, 'r1', 's1', { objectType: 'Activity', id: 'https://au' }) as unknown as Ctx;
    expect(ctx.registration).toBe('r1');
    expect(ctx.contextActivities.grouping.map((a: { id: string }) => a.id)).toEqual([
      'https://assignment',
      'https://au',
    ]);
    expect(ctx.contextActivities.category).toEqual([{ objectType: 'Activity', id: CMI5.category }]);
    expect(ctx.extensions).toEqual({ 'https://flowlearn/x': 1, [CMI5.sessionId]: 's1' });
  });
});

describe('PDF fonts: fontsource stylesheets', () => {
  it('reads each face its .woff file and its unicode ranges, single code points and spans', () => {
    const css = `/* a */ @font-face { src: url(./files/x-thai-400-normal.woff2) format('woff2'), url(./files/x-thai-400-normal.woff) format('woff');
      unicode-range: U+02D7,U+0E01-0E5B,U+200C-200D; }
      @font-face { src: url(./files/x-1-400-normal.woff) format('woff'); unicode-range: U+4E00-4E0F; }`;
    expect(facesOf(css, '/fonts')).toEqual([
      {
        file: '/fonts/files/x-thai-400-normal.woff',
        ranges: [
          [0x2d7, 0x2d7],
          [0xe01, 0xe5b],
          [0x200c, 0x200d],
        ],
      },
      { file: '/fonts/files/x-1-400-normal.woff', ranges: [[0x4e00, 0x4e0f]] },
    ]);
  });
});
