import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import JoinOrgPage from '../../src/features/orgs/components/JoinOrgPage';
import { setSpace } from '../../src/ui/space';
import { stubApi } from './collections.fixtures';

/** The join page asks the signed-in GET organizations/by-org-code (spec 01), which knows membership. */

afterEach(() => vi.unstubAllGlobals());

const school = (isMember: boolean) => ({
  _id: 'o1',
  orgId: 'o1',
  name: 'Hill School',
  orgCode: 'hill',
  iconUrl: null,
  description: '',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  disableModel: {},
  additionalModel: {},
  isMember,
});

function renderJoin(isMember: boolean) {
  setSpace({ orgId: 'personal', orgCode: 'personal' });
  const calls = stubApi({
    'GET organizations/by-org-code': () => ({ body: { data: school(isMember) } }),
    'POST users/join-org': () => ({ body: { data: { ...school(true), role: 'member' } } }),
  });
  const { hook, history } = memoryLocation({ path: '/hill/join-org', record: true });
  render(
    <Router hook={hook}>
      <Route path="/:orgCode/join-org">
        <JoinOrgPage />
      </Route>
    </Router>,
  );
  return { calls, history };
}

describe('[ORGS] joining by code when already a member (by-org-code)', () => {
  it('says so and opens the organisation instead of joining again', async () => {
    const { calls, history } = renderJoin(true);
    expect((await screen.findByTestId('join-preview')).textContent).toBe(
      'You are already a member of Hill School.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open Hill School' }));
    expect(history.at(-1)).toBe('/hill/explore');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(calls.find((c) => c.path.startsWith('organizations/by-org-code'))?.path).toBe(
      'organizations/by-org-code?orgcode=hill',
    );
  });

  it('a code of an organisation the user is not in still previews it and offers to join', async () => {
    renderJoin(false);
    expect((await screen.findByTestId('join-preview')).textContent).toBe('You are joining Hill School.');
    expect(screen.getByRole('button', { name: 'Join' })).toBeTruthy();
  });
});
