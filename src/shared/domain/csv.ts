/**
 * CSV cells (ARCHITECTURE §8): every cell quoted, embedded quotes doubled, and a cell that starts
 * with = + - @ (or a tab / carriage return) prefixed with ' so a spreadsheet never runs it as a formula.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export const csvLine = (cells: string[]): string => cells.map(csvCell).join(',');
