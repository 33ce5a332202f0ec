/**
 * Walks a JSON value without recursion, so a document nested 10,000 levels deep cannot overflow the
 * stack (JSON.stringify and a recursive walk both did). It returns the UTF-8 size JSON.stringify
 * would give and calls `visit` for every string and key with its path; it stops below an object or array deeper than `maxDepth`.
 */
export interface JsonWalkResult {
  bytes: number;
  /** The path of the first value nested deeper than maxDepth, if any. */
  tooDeep?: string;
}

const jsonBytes = (s: string): number => Buffer.byteLength(JSON.stringify(s), 'utf8');

export function walkJson(
  root: unknown,
  maxDepth: number,
  visit: (s: string, path: string, isKey: boolean) => void,
): JsonWalkResult {
  let bytes = 0;
  const stack: Array<{ value: unknown; path: string; depth: number; inArray: boolean }> = [
    { value: root, path: '', depth: 0, inArray: false },
  ];
  while (stack.length) {
    const { value, path, depth, inArray } = stack.pop() as (typeof stack)[number];
    if (typeof value === 'string') {
      visit(value, path, false);
      bytes += jsonBytes(value);
    } else if (typeof value === 'number') {
      bytes += Number.isFinite(value) ? String(value).length : 4;
    } else if (typeof value === 'boolean') {
      bytes += value ? 4 : 5;
    } else if (value === null || typeof value !== 'object') {
      // null, and undefined/functions in an array, are written as null; in an object they are skipped
      bytes += value === null || inArray ? 4 : 0;
    } else {
      if (depth > maxDepth) return { bytes, tooDeep: path };
      const at = (key: string) => (path ? `${path}.${key}` : key);
      if (Array.isArray(value)) {
        bytes += 2 + Math.max(0, value.length - 1);
        for (let i = value.length - 1; i >= 0; i--)
          stack.push({ value: value[i], path: at(String(i)), depth: depth + 1, inArray: true });
      } else {
        const entries = Object.entries(value).filter(([, v]) => v !== undefined && typeof v !== 'function');
        bytes += 2 + Math.max(0, entries.length - 1);
        for (let i = entries.length - 1; i >= 0; i--) {
          const [key, v] = entries[i];
          visit(key, at(key), true);
          bytes += jsonBytes(key) + 1;
          stack.push({ value: v, path: at(key), depth: depth + 1, inArray: false });
        }
      }
    }
  }
  return { bytes };
}
