import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fireEvent, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DetailHeader, paymentLine } from '../../src/features/assignments/components/detail/DetailHeader';
import { DetailsStep } from '../../src/features/assignments/components/wizard/DetailsStep';
import { type WizardState, wizardProblems } from '../../src/features/assignments/wizard-rules';
import type { TAssignmentDetail } from '../../src/shared/contract/assignments';
import { markOverflow } from '../../src/ui/scroll-hint';

const ORG = 'dddddddddddddddddddddddd';
const empty: WizardState = {
  flowIds: ['f1'],
  name: '',
  description: '',
  type: 'single',
  payment: 'PAY_BY_ORG',
  endDate: '',
  endTime: '23:59',
};

function Wizard() {
  const [state, setState] = useState(empty);
  return (
    <DetailsStep
      value={state}
      onChange={(p) => setState((s) => ({ ...s, ...p }))}
      orgId={ORG}
      problems={wizardProblems(state)}
    />
  );
}

const detail = (extra: Partial<TAssignmentDetail>) =>
  ({
    _id: 'a1',
    name: 'Fractions week',
    description: '',
    type: 'single',
    status: 'running',
    isLocked: false,
    isPaused: false,
    endDate: null,
    unitUsageOption: 'PAY_BY_ORG',
    ownerEmail: 'teacher@school.test',
    flows: [],
    ...extra,
  }) as unknown as TAssignmentDetail;

describe('[ASSIGNMENTS] the teacher on a tablet', () => {
  it('asks for a name only after the field was left or typed in, not on an untouched form', () => {
    render(<Wizard />);
    expect(screen.queryByTestId('problem-noName')).toBeNull();
    const name = screen.getByLabelText('Assignment name');
    fireEvent.blur(name);
    expect(screen.getByTestId('problem-noName').textContent).toBe('Enter a name.');
    fireEvent.change(name, { target: { value: 'Fractions' } });
    expect(screen.queryByTestId('problem-noName')).toBeNull();
  });

  it('shows a translated payment label, keeping the spec’s PAY_BY_{email} for PAY_BY_ME', () => {
    const en = i18n.getFixedT('en-GB', 'assignment');
    expect(paymentLine(detail({}), en)).toBe('Organisation credits');
    expect(paymentLine(detail({ unitUsageOption: 'PAY_BY_ME' }), en)).toBe('PAY_BY_teacher@school.test');
    const zhCommon = JSON.parse(
      readFileSync(join(__dirname, '..', '..', 'public', 'locales', 'zh-CN', 'common.json'), 'utf8'),
    );
    i18n.addResourceBundle('zh-CN', 'common', zhCommon);
    const zh = paymentLine(detail({}), i18n.getFixedT('zh-CN', 'assignment'));
    expect(zh).not.toContain('PAY_BY');
    expect(zh).toMatch(/[\u4e00-\u9fff]/);
  });

  it('says in the more-menu how Lock differs from Pause', () => {
    render(<DetailHeader a={detail({})} orgCode="school" />);
    expect(screen.getByTestId('payment-line').textContent).toBe('Organisation credits');
    fireEvent.click(screen.getByRole('button', { name: 'More actions' }));
    const lock = screen.getByRole('menuitem', { name: /Lock Assignment/ });
    expect(lock.textContent).toMatch(/until you unlock it/);
    expect(lock.textContent).toMatch(/Pause/);
  });

  it('marks a tab row that runs past its right edge, and both edges once scrolled', () => {
    const row = document.createElement('div');
    Object.defineProperties(row, {
      clientWidth: { value: 600 },
      scrollWidth: { value: 760 },
      scrollLeft: { value: 0, writable: true },
    });
    markOverflow(row);
    expect(row.hasAttribute('data-more-after')).toBe(true);
    expect(row.hasAttribute('data-more-before')).toBe(false);
    row.scrollLeft = 80;
    markOverflow(row);
    expect(row.hasAttribute('data-more-before')).toBe(true);
    row.scrollLeft = 160;
    markOverflow(row);
    expect(row.hasAttribute('data-more-after')).toBe(false);
  });
});
