import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ReportBody } from '../../src/features/reports/components/ReportBody';

const report = <table data-testid="the-report" />;

describe('[REPORTS] ReportBody: loading, failed, empty, the report', () => {
  it('shows four skeleton rows while the first answer loads', () => {
    render(
      <ReportBody load={{ data: null, loading: true, error: false }} empty emptyText="No Data Found">
        {report}
      </ReportBody>,
    );
    const status = screen.getByRole('status', { name: 'Loading report' });
    expect(status.querySelectorAll('.skeleton').length).toBe(4);
    expect(screen.queryByTestId('the-report')).toBeNull();
    expect(screen.queryByText('No Data Found')).toBeNull();
  });

  it('says the load failed with Try again, which asks again', () => {
    const reload = vi.fn();
    render(
      <ReportBody load={{ data: null, loading: false, error: true, reload }} empty emptyText="No Data Found">
        {report}
      </ReportBody>,
    );
    expect(screen.getByRole('alert').textContent).toContain('An unexpected error occurred');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reload).toHaveBeenCalledOnce();
    expect(screen.queryByTestId('the-report')).toBeNull();
  });

  it('shows the empty text and its picture when there is nothing, else the report', () => {
    const view = render(
      <ReportBody
        load={{ data: { objects: [] }, loading: false, error: false }}
        empty
        emptyText="No Data Found"
        picture="📊"
      >
        {report}
      </ReportBody>,
    );
    expect(screen.getByTestId('report-empty').textContent).toBe('📊No Data Found');
    expect(screen.queryByTestId('the-report')).toBeNull();
    view.rerender(
      // A reload that fails keeps the last answer on screen (no error text over a report).
      <ReportBody load={{ data: { objects: [1] }, loading: true, error: true }} empty={false} emptyText="x">
        {() => report}
      </ReportBody>,
    );
    expect(screen.getByTestId('the-report')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
