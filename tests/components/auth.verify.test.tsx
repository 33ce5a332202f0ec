import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VerifyStep } from '../../src/features/auth/components/VerifyStep';
import { stubApi } from './stub-api';

afterEach(() => vi.unstubAllGlobals());

describe('[AUTH] the verify step', () => {
  it('sends the password typed on the previous step with the code (a code sets only that password)', async () => {
    const calls = stubApi({ 'POST auth/verify': () => ({ body: { message: 'Account verified' } }) });
    const onVerified = vi.fn(async () => undefined);
    render(<VerifyStep email="ann@example.org" password="owner password 1" onVerified={onVerified} />);
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and Complete Sign Up' }));
    await waitFor(() => expect(onVerified).toHaveBeenCalledTimes(1));
    const verify = calls.find((c) => c.path === 'auth/verify');
    expect(verify?.body).toEqual({ email: 'ann@example.org', code: '123456', password: 'owner password 1' });
  });
});
