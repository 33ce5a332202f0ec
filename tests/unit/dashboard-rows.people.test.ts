import { describe, expect, it } from 'vitest';
import { toRows } from '../../src/features/reports/dashboard-rows';

const statement = (actor: Record<string, unknown>) => ({
  id: crypto.randomUUID(),
  timestamp: '2026-11-28T10:00:00.000Z',
  actor,
  verb: { id: 'http://adlnet.gov/expapi/verbs/completed', display: { 'en-US': 'completed' } },
  object: { objectType: 'Activity', id: 'https://au/1' },
});

describe('dashboard rows: a cmi5 account actor shown as the person behind it', () => {
  it('names the participant and their e-mail for their account; other accounts and mboxes stay as they are', () => {
    const people = [{ account: 'u1', name: 'Pia Pupil', email: 'pupil@school.test' }];
    const rows = toRows(
      [
        statement({ objectType: 'Agent', account: { homePage: 'https://flowlearn.test', name: 'u1' } }),
        statement({
          objectType: 'Agent',
          name: 'Sam',
          account: { homePage: 'https://else.test', name: 'u2' },
        }),
        statement({ objectType: 'Agent', name: 'Mo', mbox: 'mailto:mo@school.test' }),
      ],
      'en-GB',
      people,
    );
    expect(rows.map((r) => [r.user, r.email])).toEqual([
      ['Pia Pupil', 'pupil@school.test'],
      ['Sam', ''],
      ['Mo', 'mo@school.test'],
    ]);
    // Without people (an older server): the account's name, no e-mail.
    expect(
      toRows([statement({ account: { homePage: 'https://flowlearn.test', name: 'u1' } })]).map(
        (r) => r.email,
      ),
    ).toEqual(['']);
  });
});
