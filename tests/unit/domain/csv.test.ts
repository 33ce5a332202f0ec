import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, parseCsv, toCsv } from '../../../src/shared/domain/csv';

describe('[REPORTS] CSV writer', () => {
  it('quotes every cell and doubles embedded quotes', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('say "hi", then go')).toBe('"say ""hi"", then go"');
    expect(csvCell('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(undefined)).toBe('""');
    expect(csvCell(7.5)).toBe('"7.5"');
    expect(csvCell(Number.NaN)).toBe('""');
    expect(csvCell(true)).toBe('"TRUE"');
    expect(csvCell(false)).toBe('"FALSE"');
  });

  it('starts with a UTF-8 BOM, ends rows with CRLF, and keeps Thai and Chinese names', () => {
    const csv = toCsv(
      ['User', 'Score'],
      [
        ['สมชาย ใจดี', 8],
        ['王小明', null],
      ],
    );
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv).toBe(`${CSV_BOM}"User","Score"\r\n"สมชาย ใจดี","8"\r\n"王小明",""\r\n`);
    const bytes = new TextEncoder().encode(csv);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(toCsv(['a'], [], { bom: false })).toBe('"a"\r\n');
  });

  it('neutralises formulas but not numbers', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('@SUM(A1)')).toBe('"\'@SUM(A1)"');
    expect(csvCell('-3')).toBe('"-3"');
    expect(csvCell('+1.5e3')).toBe('"+1.5e3"');
    expect(csvCell('-x')).toBe('"\'-x"');
    expect(csvCell('-')).toBe('"-"');
  });

  it('parses its own output back to the same cells', () => {
    const rows = [
      ['a "quoted" word', 'comma, inside', 'new\r\nline'],
      ['', 'ไทย', '中文'],
    ];
    expect(parseCsv(toCsv(['h1', 'h2', 'h3'], rows))).toEqual([['h1', 'h2', 'h3'], ...rows]);
    expect(parseCsv('x,y\ny,"z"')).toEqual([
      ['x', 'y'],
      ['y', 'z'],
    ]);
  });
});
