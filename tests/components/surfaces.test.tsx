import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SurfacesHost } from '../../src/ui/SurfacesHost';
import { confirmDialog, hideToast, showPopup, showToast, surfaces, TOAST_MS } from '../../src/ui/surfaces';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  hideToast();
  surfaces.popup = null;
  surfaces.dialogs.splice(0);
  vi.useRealTimers();
});

const tick = async (ms: number) => {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
};

describe('[SHELL] toasts, popups and dialogs', () => {
  it('shows one toast at a time: a new toast replaces the old one', async () => {
    render(<SurfacesHost onPopupAction={() => {}} />);
    await act(async () => showToast({ type: 'Success', message: 'First' }));
    await act(async () => showToast({ type: 'Error', message: 'Second' }));
    expect(screen.queryByText('First')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('Second');
  });

  it('clears a toast after its duration (standard 2000 ms, utility 3000 ms)', async () => {
    render(<SurfacesHost onPopupAction={() => {}} />);
    await act(async () => showToast({ type: 'Success', message: 'Saved' }));
    await tick(TOAST_MS.standard - 50);
    expect(screen.queryByText('Saved')).not.toBeNull();
    await tick(100);
    expect(screen.queryByText('Saved')).toBeNull();
    await act(async () => showToast({ type: 'Error', message: 'Oops', durationMs: TOAST_MS.utility }));
    await tick(2500);
    expect(screen.queryByText('Oops')).not.toBeNull();
    await tick(600);
    expect(screen.queryByText('Oops')).toBeNull();
  });

  it.each([
    ['crash', 'Reload'],
    ['unauthorised', 'Sign In'],
    ['other', 'Close'],
  ] as const)('an error popup for %s offers %s and reports the reason', async (reason, label) => {
    const onAction = vi.fn();
    render(<SurfacesHost onPopupAction={onAction} />);
    await act(async () =>
      showPopup({ title: 'An Error Occurred', message: 'An unknown error occurred.', reason }),
    );
    expect(screen.getByRole('alertdialog').textContent).toContain('An unknown error occurred.');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: label })));
    expect(onAction).toHaveBeenCalledWith(reason);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('a confirm dialog resolves true on confirm and false on Cancel or Escape', async () => {
    render(<SurfacesHost onPopupAction={() => {}} />);
    let first!: Promise<boolean>;
    await act(async () => {
      first = confirmDialog({ title: 'Delete?', message: 'Sure?', confirmLabel: 'Delete', danger: true });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await expect(first).resolves.toBe(true);
    let second!: Promise<boolean>;
    await act(async () => {
      second = confirmDialog({ title: 'Delete?', message: 'Sure?' });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(second).resolves.toBe(false);
    let third!: Promise<boolean>;
    await act(async () => {
      third = confirmDialog({ title: 'Leave?', message: 'Sure?' });
    });
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    await expect(third).resolves.toBe(false);
  });
});
