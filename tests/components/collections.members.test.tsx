import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MembersPanel } from '../../src/features/collections/components/MembersPanel';
import { shownRole } from '../../src/features/collections/members.store';
import { P1, stubApi } from './collections.fixtures';

afterEach(() => vi.unstubAllGlobals());

const member = (id: string, email: string, role: string, fullname = '') => ({
  _id: id,
  email,
  fullname,
  role,
  pending: false,
});

describe('[COLLECTIONS] members', () => {
  it('reads any role containing "coordinator" as collaborator', () => {
    expect(['coordinator', 'project-coordinator', 'Coordinator'].map(shownRole)).toEqual([
      'collaborator',
      'collaborator',
      'collaborator',
    ]);
    expect(shownRole('admin')).toBe('admin');
  });

  it('lists owner, admins and collaborators apart; a coordinator shows as Collaborator, a missing name as the e-mail', async () => {
    stubApi({
      [`GET projects/${P1}/owner`]: () => ({
        body: { data: member('1'.repeat(24), 'owner@school.test', 'owner', 'Olive Owner') },
      }),
      [`GET projects/${P1}/admins`]: () => ({
        body: { data: [member('2'.repeat(24), 'ada@school.test', 'admin', 'Ada Admin')] },
      }),
      [`GET projects/${P1}/collaborators`]: () => ({
        body: { data: [member('3'.repeat(24), 'cole@school.test', 'project-coordinator')] },
      }),
    });
    render(<MembersPanel projectId={P1} canManage />);
    const collaborators = await screen.findByRole('region', { name: 'Collaborators' });
    const row = within(collaborators).getByTestId('member-row');
    expect(within(row).getByTestId('member-role').textContent).toBe('Collaborator');
    expect(row.querySelector('.member-row__name')?.textContent).toBe('cole@school.test');
    expect(within(screen.getByRole('region', { name: 'Admins' })).getByText('Ada Admin')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Owner' })).getByText('Olive Owner')).toBeTruthy();
    // Managers may remove admins and collaborators, never the owner.
    expect(
      within(screen.getByRole('region', { name: 'Owner' })).queryByRole('button', { name: /Remove/ }),
    ).toBeNull();
    expect(within(collaborators).getByRole('button', { name: 'Remove cole@school.test' })).toBeTruthy();
  });
});
