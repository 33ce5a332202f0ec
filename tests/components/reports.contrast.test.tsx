import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Initials } from '../../src/features/reports/components/common';

/** WCAG 2 contrast of white on an `hsl(h s% l%)` background. */
function whiteContrast(hsl: string): number {
  const [h, s, l] = (hsl.match(/[\d.]+/g) ?? []).map(Number);
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const c = l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const lum = 0.2126 * channel(0) + 0.7152 * channel(8) + 0.0722 * channel(4);
  return 1.05 / (lum + 0.05);
}

describe('[REPORTS] initials badges are readable (axe color-contrast)', () => {
  it('white initials keep at least 4.5:1 on the badge colour of any name', () => {
    const names = Array.from({ length: 400 }, (_, i) => `Learner ${i} ${String.fromCharCode(65 + (i % 26))}`);
    const worst = Math.min(
      ...names.map((name) => {
        const { container } = render(<Initials name={name} />);
        const badge = container.querySelector<HTMLElement>('.report-avatar--initials');
        return whiteContrast(badge?.style.background ?? '');
      }),
    );
    expect(worst).toBeGreaterThanOrEqual(4.5);
  });
});
