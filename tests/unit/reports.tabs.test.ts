import { describe, expect, it } from 'vitest';
import { visibleTabs } from '../../src/features/assignments/detail-tabs';
import type { TAssignmentDetail } from '../../src/shared/contract/assignments';

const detail = (over: Partial<TAssignmentDetail>) =>
  ({
    disableSubmissionReport: false,
    disableDashboard: false,
    disablePublicAccessLink: false,
    role: 'owner',
    ...over,
  }) as TAssignmentDetail;

describe('[REPORTS] who sees the report tabs (spec 02 §6)', () => {
  it('owner and co-owners see every report tab; an org admin who is neither sees none', () => {
    const all = [
      'participants',
      'submissionReport',
      'overview',
      'reports',
      'journal',
      'dashboard',
      'publicAccessLink',
    ];
    expect(visibleTabs(detail({ role: 'owner' }))).toEqual(all);
    expect(visibleTabs(detail({ role: 'co-owner' }))).toEqual(all);
    expect(visibleTabs(detail({ role: 'admin' }))).toEqual(['participants', 'publicAccessLink']);
  });

  it('the disabled flags still hide their tabs', () => {
    expect(
      visibleTabs(
        detail({ disableSubmissionReport: true, disableDashboard: true, disablePublicAccessLink: true }),
      ),
    ).toEqual(['participants', 'overview', 'reports', 'journal']);
  });
});
