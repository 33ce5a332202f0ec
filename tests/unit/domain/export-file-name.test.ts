import { describe, expect, it } from 'vitest';
import { exportFileName } from '../../../src/shared/domain/export-file-name';

// Local-time constructor: the file name uses local time, so the test holds in any time zone.
const at = new Date(2026, 2, 5, 9, 7, 3);

describe('exportFileName', () => {
  it('builds name-year-month-day-HHmmss.flow with spaces as hyphens', () => {
    expect(exportFileName('My Flow', at)).toBe('My-Flow-2026-03-05-090703.flow');
    expect(exportFileName('a  b', at)).toBe('a--b-2026-03-05-090703.flow');
  });

  it('uses a 24-hour clock', () => {
    expect(exportFileName('Late', new Date(2026, 11, 31, 23, 59, 59))).toBe('Late-2026-12-31-235959.flow');
  });

  it('strips characters that are illegal in file names', () => {
    expect(exportFileName('a/b\\c:d*e?f"g<h>i|j', at)).toBe('abcdefghij-2026-03-05-090703.flow');
    expect(exportFileName('tab\tand\u0007bell', at)).toBe('tab-andbell-2026-03-05-090703.flow');
  });

  it('falls back to Untitled for empty or all-illegal names', () => {
    expect(exportFileName('', at)).toBe('Untitled-2026-03-05-090703.flow');
    expect(exportFileName('   ', at)).toBe('Untitled-2026-03-05-090703.flow');
    expect(exportFileName('///', at)).toBe('Untitled-2026-03-05-090703.flow');
  });

  it('trims surrounding whitespace and keeps unicode names', () => {
    expect(exportFileName('  学习 流程 ', at)).toBe('学习-流程-2026-03-05-090703.flow');
  });
});
