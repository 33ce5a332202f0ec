/**
 * Walks a JSON value without recursion, so a document nested 10,000 levels deep cannot overflow the
 * stack (JSON.stringify and a recursive walk both did). It returns the UTF-8 size JSON.stringify
 * would give and calls `visit` for every string and key; it stops below an object or array deeper
 * than `maxDepth`. Paths are built only when asked for (on an error), since a save walks every value.
 */
export interface JsonWalkResult {
  bytes: number;
  /** The path of the first value nested deeper than maxDepth, if any. */
  tooDeep?: string;
}

interface Frame {
  value: unknown;
  depth: number;
  inArray: boolean;
  parent: Frame | null;
  key: string;
}

const pathOf = (frame: Frame): string => {
  const keys: string[] = [];
  for (let f: Frame | null = frame; f?.parent; f = f.parent) keys.push(f.key);
  return keys.reverse().join('.');
};

// Characters JSON.stringify writes as escapes (and surrogates, written as \uXXXX when lone).
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what JSON escapes
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;
const jsonBytes = (s: string): number =>
  NEEDS_ESCAPE.test(s) ? Buffer.byteLength(JSON.stringify(s), 'utf8') : Buffer.byteLength(s, 'utf8') + 2;

const skipped = (v: unknown): boolean => v === undefined || typeof v === 'function' || typeof v === 'symbol';

export function walkJson(
  root: unknown,
  maxDepth: number,
  visit: (s: string, path: () => string, isKey: boolean) => void,
): JsonWalkResult {
  let bytes = 0;
  const stack: Frame[] = [{ value: root, depth: 0, inArray: false, parent: null, key: '' }];
  while (stack.length) {
    const frame = stack.pop() as Frame;
    const { value, depth } = frame;
    if (typeof value === 'string') {
      visit(value, () => pathOf(frame), false);
      bytes += jsonBytes(value);
    } else if (typeof value === 'number') {
      bytes += Number.isFinite(value) ? String(value).length : 4;
    } else if (typeof value === 'boolean') {
      bytes += value ? 4 : 5;
    } else if (value === null || typeof value !== 'object') {
      // null, and undefined/functions in an array, are written as null; in an object they are skipped
      bytes += value === null || frame.inArray ? 4 : 0;
    } else {
      if (depth > maxDepth) return { bytes, tooDeep: pathOf(frame) };
      if (Array.isArray(value)) {
        bytes += 2 + Math.max(0, value.length - 1);
        for (let i = value.length - 1; i >= 0; i--)
          stack.push({ value: value[i], depth: depth + 1, inArray: true, parent: frame, key: String(i) });
      } else {
        const keys = Object.keys(value);
        let included = 0;
        for (let i = keys.length - 1; i >= 0; i--) {
          const key = keys[i];
          const v = (value as Record<string, unknown>)[key];
          if (skipped(v)) continue;
          included++;
          const child: Frame = { value: v, depth: depth + 1, inArray: false, parent: frame, key };
          visit(key, () => pathOf(child), true);
          bytes += jsonBytes(key) + 1;
          stack.push(child);
        }
        bytes += 2 + Math.max(0, included - 1);
      }
    }
  }
  return { bytes };
}

/**
 * The fast pass of walkJson for documents that are almost always fine (every save): the same UTF-8
 * size, without paths, frames or closures. `suspect` is asked only about strings and keys JSON must
 * escape (quotes, backslashes, control characters, surrogates); `clean` is false when it said yes or
 * a value was nested deeper than `maxDepth`: walk again with walkJson to say where.
 */
export function scanJson(
  root: unknown,
  maxDepth: number,
  suspect: (s: string) => boolean,
): { bytes: number; clean: boolean } {
  let bytes = 0;
  const values: unknown[] = [root];
  const depths: number[] = [0];
  const inArrays: boolean[] = [false];
  const text = (s: string): boolean => {
    if (!NEEDS_ESCAPE.test(s)) {
      bytes += Buffer.byteLength(s, 'utf8') + 2;
      return true;
    }
    if (suspect(s)) return false;
    bytes += Buffer.byteLength(JSON.stringify(s), 'utf8');
    return true;
  };
  while (values.length) {
    const value = values.pop();
    const depth = depths.pop() as number;
    const inArray = inArrays.pop() as boolean;
    if (typeof value === 'string') {
      if (!text(value)) return { bytes, clean: false };
    } else if (typeof value === 'number') {
      bytes += Number.isFinite(value) ? String(value).length : 4;
    } else if (typeof value === 'boolean') {
      bytes += value ? 4 : 5;
    } else if (value === null || typeof value !== 'object') {
      bytes += value === null || inArray ? 4 : 0;
    } else {
      if (depth > maxDepth) return { bytes, clean: false };
      if (Array.isArray(value)) {
        bytes += 2 + Math.max(0, value.length - 1);
        for (let i = value.length - 1; i >= 0; i--) {
          values.push(value[i]);
          depths.push(depth + 1);
          inArrays.push(true);
        }
      } else {
        let included = 0;
        for (const key in value) {
          if (!Object.hasOwn(value, key)) continue;
          const v = (value as Record<string, unknown>)[key];
          if (skipped(v)) continue;
          included++;
          if (!text(key)) return { bytes, clean: false };
          bytes += 1;
          values.push(v);
          depths.push(depth + 1);
          inArrays.push(false);
        }
        bytes += 2 + Math.max(0, included - 1);
      }
    }
  }
  return { bytes, clean: true };
}

/**
 * Whether an object or array sits deeper than `maxDepth` (the root at 0), as walkJson counts: only
 * objects and arrays are visited, for a document whose strings are checked another way.
 */
export function nestedDeeperThan(root: unknown, maxDepth: number): boolean {
  const values: unknown[] = [root];
  const depths: number[] = [0];
  while (values.length) {
    const value = values.pop();
    const depth = depths.pop() as number;
    if (value === null || typeof value !== 'object') continue;
    if (depth > maxDepth) return true;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const v = value[i];
        if (v !== null && typeof v === 'object') {
          values.push(v);
          depths.push(depth + 1);
        }
      }
    } else {
      for (const key in value) {
        const v = (value as Record<string, unknown>)[key];
        if (v !== null && typeof v === 'object' && Object.hasOwn(value, key)) {
          values.push(v);
          depths.push(depth + 1);
        }
      }
    }
  }
  return false;
}
