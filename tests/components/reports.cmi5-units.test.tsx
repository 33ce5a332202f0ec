import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Cmi5UnitsTable } from '../../src/features/reports/components/Cmi5Units';
import type { TCmi5CourseProgress } from '../../src/shared/contract/cmi5-units';

const course = (state: 'met' | 'waived' | 'open'): TCmi5CourseProgress => ({
  packageId: 'a'.repeat(24),
  title: 'Hello cmi5',
  learners: [
    {
      userId: 'b'.repeat(24),
      name: 'Pia Pupil',
      email: 'pupil@school.test',
      registration: '8e9f0a1b-2c3d-4e4f-8a5b-6c7d8e9f0a1b',
      satisfied: state !== 'open',
      units: [
        { auId: 'https://x.test/au1', title: 'Unit one', state: 'met' },
        { auId: 'https://x.test/au2', title: 'Unit two', state },
      ],
    },
  ],
});

describe('[REPORTS] cmi5 units: the teacher waives a unit the learner has not met', () => {
  it('offers Waive on the open unit only and says which unit and learner it waives', () => {
    const onWaive = vi.fn();
    render(<Cmi5UnitsTable courses={[course('open')]} onWaive={onWaive} />);
    const section = screen.getByTestId('cmi5-units');
    expect(within(section).getByRole('heading').textContent).toBe('Course units: Hello cmi5');
    const buttons = within(section).getAllByRole('button');
    expect(buttons).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Waive Unit two for Pia Pupil' }));
    expect(onWaive).toHaveBeenCalledWith({
      packageId: 'a'.repeat(24),
      userId: 'b'.repeat(24),
      auId: 'https://x.test/au2',
    });
    expect(section.textContent).toContain('not yet');
  });

  it('shows a waived unit and the satisfied course without a button; the unit being waived waits', () => {
    const view = render(<Cmi5UnitsTable courses={[course('waived')]} onWaive={vi.fn()} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByTestId('cmi5-units').textContent).toContain('waived');
    expect(screen.getByTestId('cmi5-units').textContent).toContain('course satisfied');
    view.rerender(
      <Cmi5UnitsTable
        courses={[course('open')]}
        onWaive={vi.fn()}
        busy={`${'b'.repeat(24)} https://x.test/au2`}
      />,
    );
    expect((screen.getByRole('button', { name: /Waive Unit two/ }) as HTMLButtonElement).disabled).toBe(true);
  });
});
