import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { QuickBalance } from '../../src/features/credits';
import { quick } from '../../src/features/credits/credits.store';
import { creditsChanged } from '../../src/ui/credits-signal';
import { setSpace } from '../../src/ui/space';
import { stubApi } from './collections.fixtures';

const ORG = 'dddddddddddddddddddddddd';
let personal = 1000;
const balance = () => ({
  body: {
    data: {
      personal: { balance: personal, held: 0 },
      organization: { orgId: ORG, balance: 9500.25, held: 2, monthlyLimit: 500, usedThisMonth: 120 },
      canGrant: true,
    },
  },
});
const entry = (amount: number, reason: string, reference = '') => ({
  _id: `${Math.random()}`.slice(2, 14).padEnd(24, 'a'),
  amount,
  balanceAfter: 999,
  reason,
  reference,
  createdAt: '2026-11-20T10:00:00.000Z',
});

beforeEach(() => {
  personal = 1000;
  localStorage.clear();
  quick.key = '';
  setSpace({ orgId: 'personal', orgCode: 'personal' });
});
afterEach(() => vi.unstubAllGlobals());

const show = () =>
  render(
    <Router>
      <QuickBalance userId="u1" />
    </Router>,
  );

describe('[CREDITS] the navbar balance (quickBalance)', () => {
  it('shows the space’s balance and refreshes after a spend', async () => {
    const calls = stubApi({ 'GET credits/balance': balance });
    show();
    const button = await screen.findByRole('button', { name: 'Credit balance: 1,000 credits' });
    expect(button.textContent).toContain('1,000');
    personal = 999.75;
    await act(async () => creditsChanged());
    await screen.findByRole('button', { name: 'Credit balance: 999.75 credits' });
    expect(calls.filter((c) => c.path.startsWith('credits/balance'))).toHaveLength(2);
  });

  it('a compact figure on screen is part of the button’s name (label in name)', async () => {
    personal = 12500;
    stubApi({ 'GET credits/balance': balance });
    show();
    // en-GB's compact notation is "12.5k" in Node's ICU and "12.5K" in Chromium's.
    const button = await screen.findByRole('button', {
      name: /^12\.5k Credits, Credit balance: 12,500 credits$/i,
    });
    expect(button.textContent?.toLowerCase()).toContain('12.5k');
  });

  it('in an organisation shows its wallet; the popover lists the month’s use and the latest entries', async () => {
    setSpace({ orgId: ORG, orgCode: 'school' });
    const calls = stubApi({
      'GET credits/balance': balance,
      'GET credits/ledger': () => ({
        body: {
          data: [entry(-0.375, 'usage', 'tool:name-description'), entry(10000, 'grant')],
          nextCursor: null,
        },
      }),
    });
    show();
    const button = await screen.findByRole('button', { name: 'Credit balance: 9,500.25 credits' });
    await act(async () => fireEvent.click(button));
    const panel = await screen.findByRole('dialog', { name: 'Credit balance' });
    expect(panel.textContent).toContain('Used this month: 120 of 500');
    expect(panel.textContent).toContain('2 held by AI calls in progress');
    await screen.findByText('AI usage');
    expect(panel.textContent).toContain('-0.375');
    expect(panel.textContent).toContain('+10,000');
    expect(calls.some((c) => c.path.startsWith('credits/ledger?wallet=organization'))).toBe(true);
    expect(screen.getByRole('link', { name: 'Grant credits' }).getAttribute('href')).toBe(
      '/school/credits/admin',
    );
    await act(async () => fireEvent.keyDown(panel, { key: 'Escape' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a member sees that only admins read the organisation’s activity', async () => {
    setSpace({ orgId: ORG, orgCode: 'school' });
    stubApi({
      'GET credits/balance': balance,
      'GET credits/ledger': () => ({
        status: 403,
        body: { message: 'Only an administrator', errorCode: 'FORBIDDEN' },
      }),
    });
    show();
    await act(async () => fireEvent.click(await screen.findByTestId('quick-balance')));
    await screen.findByText("Only organisation admins see the organisation's activity.");
  });

  it('without the server shows the last known balance and when it was read', async () => {
    stubApi({
      'GET credits/balance': balance,
      'GET credits/ledger': () => ({ body: { data: [], nextCursor: null } }),
    });
    const first = show();
    await screen.findByRole('button', { name: 'Credit balance: 1,000 credits' });
    first.unmount();
    quick.key = '';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    show();
    const button = await screen.findByRole('button', { name: 'Credit balance: 1,000 credits' });
    await waitFor(() => expect(button.className).toContain('is-stale'));
    await act(async () => fireEvent.click(button));
    expect((await screen.findByRole('status')).textContent).toMatch(
      /^Last known balance, \d{1,2} \w{3} \d{4} \d{1,2}:\d{2} [AP]M$/,
    );
  });
});
