/** Malformed values the route fuzz puts in place of a good one, and where in a JSON value they go. */

export const DEEP = 10_000;
/** JSON texts built by hand: JSON.stringify itself overflows on such nesting. */
export const deepObjectJson = `${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`;
export const deepArrayJson = `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`;
const DEEP_MARK = '\u0001deep-object\u0001';

/** Values that replace one place of a good body; a string mark stands for the deep object. */
export const BAD_VALUES: Array<[string, unknown]> = [
  ['NUL', 'a\u0000b'],
  ['deep', DEEP_MARK],
  ['huge number', 1e308],
  ['negative', -1],
  ['fraction', 0.5],
  ['wrong type (object)', { fuzz: 1 }],
  ['wrong type (array)', ['a\u0000']],
  ['null', null],
  ['missing', undefined],
];

/** JSON text of a body, with the deep mark expanded. */
export const toJson = (value: unknown): string =>
  JSON.stringify(value).replaceAll(JSON.stringify(DEEP_MARK), deepObjectJson);

/** Whole bodies that are wrong as a whole. */
export const BAD_BODIES: Array<[string, string | undefined]> = [
  ['no body', undefined],
  ['empty', ''],
  ['invalid JSON', '{"a":'],
  ['null', 'null'],
  ['array', '[1,2]'],
  ['string', '"a\\u0000b"'],
  ['number', '1e999'],
  ['deep object', deepObjectJson],
  ['deep array', deepArrayJson],
];

/** Values for one query parameter or path segment (already URL-encoded). */
export const BAD_TEXTS: Array<[string, string]> = [
  ['NUL', '%00'],
  ['NUL in text', 'a%00b'],
  ['long', 'x'.repeat(4000)],
  ['bad escape', '%E0%A4%A'],
  ['lone surrogate', '%ED%A0%80'],
  ['huge number', '1e308'],
  ['negative', '-1'],
  ['empty', ''],
];

type Path = Array<string | number>;

/** Every place of a JSON value (containers too), at most `max`, shallow first. */
export function placesOf(value: unknown, max = 120): Path[] {
  const out: Path[] = [];
  const queue: Array<{ v: unknown; path: Path }> = [{ v: value, path: [] }];
  while (queue.length && out.length < max) {
    const { v, path } = queue.shift() as { v: unknown; path: Path };
    if (path.length) out.push(path);
    if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        queue.push({ v: child, path: [...path, Array.isArray(v) ? Number(k) : k] });
      }
    }
  }
  return out;
}

/** A copy of `value` with the place at `path` set to `next` (removed when undefined). */
export function withValue(value: unknown, path: Path, next: unknown): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as typeof at;
  const last = path[path.length - 1];
  if (next === undefined && !Array.isArray(at)) delete at[last];
  else at[last] = next;
  return copy;
}
