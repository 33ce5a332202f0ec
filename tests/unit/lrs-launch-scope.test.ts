import { describe, expect, it } from 'vitest';
import { type LaunchScope, scopeLaunchStatements, withinActivity } from '../../src/server/lrs/launch-scope';

const ACTIVITY = 'https://packages.test/course';
const scope: LaunchScope = {
  launchId: '0123456789abcdef01234567',
  agent: 'mbox:mailto:pia@school.test',
  activityId: ACTIVITY,
  registration: '5b0c6a52-4a86-4a41-9d2b-7c1e2f3a4b5c',
  context: {
    contextActivities: {
      grouping: [{ objectType: 'Activity', id: 'https://app.test/viewer/assignment/a1' }],
    },
    extensions: { 'https://app.test/xapi/assignment': 'a1' },
  },
  expiresAt: new Date(Date.now() + 60_000),
};
const statement = (over: Record<string, unknown> = {}) => ({
  actor: { mbox: 'mailto:Pia@school.test' },
  verb: { id: 'http://adlnet.gov/expapi/verbs/completed' },
  object: { id: ACTIVITY },
  ...over,
});

describe('launch credentials scope', () => {
  it('an activity is itself or below it, never one that merely shares its prefix', () => {
    expect(withinActivity(ACTIVITY, ACTIVITY)).toBe(true);
    expect(withinActivity(`${ACTIVITY}/q1`, ACTIVITY)).toBe(true);
    expect(withinActivity(`${ACTIVITY}#q1`, ACTIVITY)).toBe(true);
    expect(withinActivity(`${ACTIVITY}?lang=fr`, ACTIVITY)).toBe(true);
    expect(withinActivity(`${ACTIVITY}s`, ACTIVITY)).toBe(false);
    expect(withinActivity('https://packages.test/other', ACTIVITY)).toBe(false);
    expect(withinActivity(42, ACTIVITY)).toBe(false);
  });

  it('stamps the registration and the template, keeping the package’s own context activities', () => {
    const own = { objectType: 'Activity', id: 'https://packages.test/course-set' };
    const [out] = scopeLaunchStatements(
      [
        statement({
          context: { contextActivities: { grouping: [own] }, extensions: { 'https://x.test/e': 1 } },
        }),
      ],
      scope,
    );
    const context = out.context as {
      registration: string;
      contextActivities: { grouping: Array<{ id: string }> };
      extensions: unknown;
    };
    expect(context.registration).toBe(scope.registration);
    expect(context.contextActivities.grouping.map((a) => a.id)).toEqual([
      own.id,
      'https://app.test/viewer/assignment/a1',
    ]);
    expect(context.extensions).toEqual({ 'https://x.test/e': 1, 'https://app.test/xapi/assignment': 'a1' });
  });

  it('refuses another actor, a non-activity object, another activity or registration with 403', () => {
    const bad = [
      statement({ actor: { mbox: 'mailto:olive@school.test' } }),
      statement({ object: { objectType: 'StatementRef', id: '5b0c6a52-4a86-4a41-9d2b-7c1e2f3a4b5c' } }),
      statement({ object: { id: 'https://packages.test/other' } }),
      statement({ context: { registration: '0f0e0d0c-0b0a-4909-8807-060504030201' } }),
    ];
    for (const s of bad)
      expect(() => scopeLaunchStatements([s], scope)).toThrow(expect.objectContaining({ status: 403 }));
  });
});
