import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/shared/api/http';
import { creditsSignal } from '../../src/ui/credits-signal';
import { setSpace } from '../../src/ui/space';
import { hideToast, surfaces } from '../../src/ui/surfaces';
import { TopUpDialog } from '../../src/ui/TopUpDialog';
import { stubApi } from './collections.fixtures';

const ORG = 'dddddddddddddddddddddddd';
const balance = (personal: number, org?: number) => ({
  body: {
    data: {
      personal: { balance: personal, held: 0 },
      ...(org === undefined
        ? {}
        : { organization: { orgId: ORG, balance: org, held: 0, monthlyLimit: null, usedThisMonth: 0 } }),
      canGrant: false,
    },
  },
});

beforeEach(() => setSpace({ orgId: 'personal', orgCode: 'personal' }));
afterEach(() => {
  vi.unstubAllGlobals();
  hideToast();
});

const amountBox = () => screen.getByLabelText('Amount (credits)') as HTMLInputElement;
const confirm = () => screen.getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;

describe('[CREDITS] the shared top-up dialog', () => {
  it('starts at 0 with Confirm disabled, and allows only amounts above 0 up to the available balance', async () => {
    stubApi({ 'GET credits/balance': () => balance(12.5) });
    render(<TopUpDialog title="Demo key" onClose={() => {}} onTopUp={async () => {}} />);
    await screen.findByText('Available: 12.5 credits');
    expect(screen.getByRole('dialog', { name: 'Top up Demo key' })).toBeTruthy();
    expect(amountBox().value).toBe('0');
    expect(confirm().disabled).toBe(true);
    for (const [typed, enabled] of [
      ['12.5', true],
      ['12.500000000001', false],
      ['13', false],
      ['0.000000000001', true],
      ['-1', false],
      ['abc', false],
      ['1.0000000000001', false],
    ] as const) {
      fireEvent.change(amountBox(), { target: { value: typed } });
      expect(confirm().disabled, typed).toBe(!enabled);
    }
    fireEvent.change(amountBox(), { target: { value: '13' } });
    expect(screen.getByText('More than the available 12.5 credits.')).toBeTruthy();
    // The personal space pays from the personal wallet; the organisation wallet is disabled.
    const [personal, org] = screen.getAllByRole('radio') as HTMLInputElement[];
    expect([personal.checked, personal.disabled, org.checked, org.disabled]).toEqual([
      true,
      false,
      false,
      true,
    ]);
  });

  it('closes on success with “Topup success” and tells the balance to refresh', async () => {
    stubApi({ 'GET credits/balance': () => balance(100) });
    const onTopUp = vi.fn(async () => ({ message: 'ok' }));
    const onClose = vi.fn();
    const before = creditsSignal.version;
    render(<TopUpDialog title="Demo key" onClose={onClose} onTopUp={onTopUp} />);
    await screen.findByText('Available: 100 credits');
    fireEvent.change(amountBox(), { target: { value: ' 25.75 ' } });
    await act(async () => fireEvent.click(confirm()));
    expect(onTopUp).toHaveBeenCalledWith('25.75', 'personal');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(surfaces.toast).toMatchObject({ type: 'Success', message: 'Topup success' });
    expect(creditsSignal.version).toBe(before + 1);
  });

  it('stays open on failure with “Top-up Failed” and the server’s message', async () => {
    stubApi({ 'GET credits/balance': () => balance(100) });
    const onClose = vi.fn();
    const onTopUp = vi.fn(async () => {
      throw new ApiError(
        'http',
        'amount: must be greater than 0, deductFrom: is wrong',
        400,
        'VALIDATION_ERROR',
      );
    });
    render(<TopUpDialog title="Demo key" onClose={onClose} onTopUp={onTopUp} />);
    await screen.findByText('Available: 100 credits');
    fireEvent.change(amountBox(), { target: { value: '5' } });
    await act(async () => fireEvent.click(confirm()));
    expect(onClose).not.toHaveBeenCalled();
    expect(surfaces.toast).toMatchObject({
      type: 'Error',
      title: 'Top-up Failed',
      message: 'amount: must be greater than 0, deductFrom: is wrong',
    });
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(amountBox().value).toBe('5');
  });

  it('in an organisation space pays from the organisation (PAY_BY_ORG) against its balance', async () => {
    setSpace({ orgId: ORG, orgCode: 'school' });
    stubApi({ 'GET credits/balance': () => balance(1, 40) });
    const onTopUp = vi.fn(async () => {});
    render(<TopUpDialog title="Link" onClose={() => {}} onTopUp={onTopUp} />);
    await screen.findByText('Available: 40 credits');
    const [personal, org] = screen.getAllByRole('radio') as HTMLInputElement[];
    expect([personal.disabled, org.checked]).toEqual([true, true]);
    fireEvent.change(amountBox(), { target: { value: '40' } });
    await act(async () => fireEvent.click(confirm()));
    await waitFor(() => expect(onTopUp).toHaveBeenCalledWith('40', 'organization'));
  });
});
