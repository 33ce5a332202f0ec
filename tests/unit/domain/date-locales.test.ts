import { afterEach, describe, expect, it } from 'vitest';
import { setDateLanguage } from '../../../src/shared/domain/date-locales';
import { formatDateShort, formatDateTime } from '../../../src/shared/domain/dates';
import { SUPPORTED_LANGUAGES } from '../../../src/shared/domain/languages';

const MARCH = new Date(2026, 2, 5, 15, 7);

describe('[I18N] dates speak the app language', () => {
  afterEach(() => setDateLanguage('en-GB'));

  it('names the month in each language', () => {
    const shown = Object.fromEntries(
      SUPPORTED_LANGUAGES.map((lng) => {
        setDateLanguage(lng);
        return [lng, formatDateShort(MARCH)];
      }),
    );
    expect(shown['en-GB']).toBe('05 Mar 2026');
    expect(shown['en-US']).toBe('05 Mar 2026');
    expect(shown['zh-CN']).toBe('2026年3月5日');
    expect(shown['ms-MY']).toBe('05 Mac 2026');
    expect(shown['th-TH']).toBe('05 มี.ค. 2026');
  });

  it('uses the language for the time of day, and English for an unknown language', () => {
    setDateLanguage('zh-CN');
    expect(formatDateTime(MARCH)).toBe('2026年3月5日下午3点07分');
    setDateLanguage('xx-XX');
    expect(formatDateTime(MARCH)).toBe('5 Mar 2026 3:07 PM');
  });
});
