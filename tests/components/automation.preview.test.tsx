import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PreviewDrawer } from '../../src/features/automation/components/PreviewDrawer';

describe('[AUTOMATION] the task page’s preview drawer (spec 03 §2)', () => {
  it('shows the title and Preview, a spinner until the frame loads, widens, and closes (button or Escape)', () => {
    const onClose = vi.fn();
    render(<PreviewDrawer title="Essay feedback" url="/viewer/flow/share/abc" onClose={onClose} />);
    const drawer = screen.getByTestId('preview-drawer');
    expect(screen.getByRole('heading').textContent).toBe('Essay feedback Preview');
    const frame = screen.getByTitle('Preview of Essay feedback') as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('/viewer/flow/share/abc');
    expect(screen.getByRole('status').textContent).toContain('Loading preview');
    fireEvent.load(frame);
    expect(screen.queryByRole('status')).toBeNull();

    expect(drawer.className).not.toContain('preview-drawer--wide');
    fireEvent.click(screen.getByRole('button', { name: 'Full width' }));
    expect(drawer.className).toContain('preview-drawer--wide');
    fireEvent.click(screen.getByRole('button', { name: 'Side panel' }));
    expect(drawer.className).not.toContain('preview-drawer--wide');

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
