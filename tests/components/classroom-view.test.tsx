import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ClassroomView } from '../../src/features/assignments/components/detail/ClassroomView';

describe('[ASSIGNMENTS] "Show to the class"', () => {
  it('shows the join QR at projector size, takes the focus and closes on Escape', async () => {
    const onClose = vi.fn();
    render(
      <ClassroomView
        link="https://school.test/viewer/assignments/join-assignment/ABC123"
        code="ABC123"
        name="Plants week"
        onClose={onClose}
      />,
    );
    const dialog = screen.getByRole('dialog');
    expect(document.activeElement).toBe(dialog);
    expect(await screen.findByRole('img')).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
