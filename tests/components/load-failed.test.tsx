import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LoadFailed } from '../../src/ui/LoadFailed';

describe('LoadFailed', () => {
  it('announces what failed as an alert and Try again asks once more', () => {
    const retry = vi.fn();
    render(<LoadFailed message="The flows could not be loaded." retryLabel="Try again" onRetry={retry} />);
    expect(screen.getByRole('alert').textContent).toContain('The flows could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});
