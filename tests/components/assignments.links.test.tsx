import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PublicLinksTab from '../../src/features/assignments/components/tabs/PublicLinksTab';
import type { TAssignmentDetail } from '../../src/shared/contract/assignments';
import { setSpace } from '../../src/ui/space';
import { hideToast, surfaces } from '../../src/ui/surfaces';
import { stubApi } from './collections.fixtures';

const ORG = 'dddddddddddddddddddddddd';
const ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const assignment = { _id: ID, id: ID, orgId: ORG, name: 'Fractions week' } as unknown as TAssignmentDetail;
const link = (remaining: number, used: number) => ({
  id: 'abcdefgh2345',
  url: 'http://localhost/viewer/public-assignment/abcdefgh2345',
  createdAt: '2026-11-20T10:00:00.000Z',
  totalRemainingValue: remaining,
  totalUsedValue: used,
  totalValue: remaining + used,
});
const balance = (org: number) => ({
  body: {
    data: {
      personal: { balance: 0, held: 0 },
      organization: { orgId: ORG, balance: org, held: 0, monthlyLimit: null, usedThisMonth: 0 },
      canGrant: false,
    },
  },
});

beforeEach(() => setSpace({ orgId: ORG, orgCode: 'school' }));
afterEach(() => {
  vi.unstubAllGlobals();
  hideToast();
});

describe('[ASSIGNMENTS] public access link tab: credits and top-up', () => {
  it('shows the account balance and each link’s credits, and tops a link up from the organisation', async () => {
    let remaining = 2;
    let account = 40;
    const calls = stubApi({
      [`GET assignment/${ID}/access-links`]: () => ({
        body: { accessLinks: [link(remaining, 1.5)], creditBalance: account },
      }),
      'GET credits/balance': () => balance(account),
      'POST assignment/access-link/abcdefgh2345/topup-unit': (call) => {
        const body = call.body as { amount: string };
        remaining += Number(body.amount);
        account -= Number(body.amount);
        return { body: { data: link(remaining, 1.5), message: 'Topup success' } };
      },
    });
    render(<PublicLinksTab assignment={assignment} orgCode="school" />);
    expect((await screen.findByTestId('account-balance')).textContent).toBe('Account credit balance: 40');
    const row = screen.getByTestId('access-link');
    expect(within(row).getByTestId('link-remaining').textContent).toBe('2');
    expect(within(row).getByText('3.5')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: 'Top up' }));
    const dialog = await screen.findByRole('dialog', { name: 'Top up link abcdefgh2345' });
    await within(dialog).findByText('Available: 40 credits');
    const amount = within(dialog).getByLabelText('Amount (credits)');
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(amount, { target: { value: '41' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(amount, { target: { value: '12.5' } });
    await act(async () => fireEvent.click(confirm));

    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      amount: '12.5',
      deductFrom: 'organization',
    });
    expect(surfaces.toast).toMatchObject({ type: 'Success', message: 'Topup success' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('link-remaining').textContent).toBe('14.5'));
    expect(screen.getByTestId('account-balance').textContent).toBe('Account credit balance: 27.5');
  });

  it('keeps the dialog open with “Top-up Failed” and the server’s message when the top-up is refused', async () => {
    stubApi({
      [`GET assignment/${ID}/access-links`]: () => ({
        body: { accessLinks: [link(0, 0)], creditBalance: 5 },
      }),
      'GET credits/balance': () => balance(5),
      'POST assignment/access-link/abcdefgh2345/topup-unit': () => ({
        status: 400,
        body: {
          message: "Not enough units in the organisation's credit balance",
          errorCode: 'ORG_UNIT_BALANCE_INSUFFICIENT',
        },
      }),
    });
    render(<PublicLinksTab assignment={assignment} orgCode="school" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Top up' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Available: 5 credits');
    fireEvent.change(within(dialog).getByLabelText('Amount (credits)'), { target: { value: '5' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' })));
    await waitFor(() =>
      expect(surfaces.toast).toMatchObject({
        type: 'Error',
        title: 'Top-up Failed',
        message: "Not enough units in the organisation's credit balance",
      }),
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('“Refresh credits” reads that one link again (GET access-link/{code}) and says when it cannot', async () => {
    let remaining = 2;
    let gone = false;
    const calls = stubApi({
      [`GET assignment/${ID}/access-links`]: () => ({
        body: { accessLinks: [link(remaining, 1.5)], creditBalance: 40 },
      }),
      'GET assignment/access-link/abcdefgh2345': () =>
        gone
          ? { status: 404, body: { message: 'Access link not found' } }
          : { body: { data: link(remaining, 1.5) } },
    });
    render(<PublicLinksTab assignment={assignment} orgCode="school" />);
    const row = await screen.findByTestId('access-link');
    expect(within(row).getByTestId('link-remaining').textContent).toBe('2');
    // A visitor spends half a credit while the tab is open.
    remaining = 1.5;
    fireEvent.click(within(row).getByRole('button', { name: 'Refresh credits' }));
    await waitFor(() => expect(within(row).getByTestId('link-remaining').textContent).toBe('1.5'));
    expect(within(row).getByTestId('link-note').textContent).toMatch(/^Credits as of /);
    // The one link was read, not the whole list again.
    expect(calls.filter((c) => c.path.startsWith('assignment/')).map((c) => c.path)).toEqual([
      `assignment/${ID}/access-links`,
      'assignment/access-link/abcdefgh2345',
    ]);

    gone = true;
    fireEvent.click(within(row).getByRole('button', { name: 'Refresh credits' }));
    await waitFor(() => expect(within(row).getByRole('alert').textContent).toBe('Access link not found'));
    // What was shown stays: a failed read never blanks the row.
    expect(within(row).getByTestId('link-remaining').textContent).toBe('1.5');
  });
});
