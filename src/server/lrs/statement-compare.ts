import { agentIfi, isObject, type Json, type JsonObject, parseTimestamp } from '../../shared/domain/xapi';

/**
 * Statement comparison (Data §2.3.1): differences the LRS itself may cause do not count — `stored`,
 * `authority`, `version`, an `id` or `timestamp` only one side has, the case of UUIDs, the way a
 * timestamp is written, a single context activity instead of a list, the order of a Group's
 * members and a duration's precision beyond 0.01 s. Everything else must be equal.
 */
const UUID_KEYS = new Set(['id', 'registration']);

function normalise(value: Json, key = ''): Json {
  if (Array.isArray(value)) {
    const items = value.map((v) => normalise(v));
    // Members of a group are a set: order them by identifier.
    return key === 'member'
      ? items.sort((a, b) => String(agentIfi(a)).localeCompare(String(agentIfi(b))))
      : items;
  }
  if (isObject(value)) {
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(value)) {
      if (k === 'contextActivities' && isObject(v)) {
        out[k] = Object.fromEntries(
          Object.entries(v).map(([ck, cv]) => [ck, normalise(Array.isArray(cv) ? cv : [cv])]),
        );
      } else if (k === 'extensions') out[k] = v;
      else out[k] = normalise(v, k);
    }
    return out;
  }
  if (typeof value === 'string') {
    if (UUID_KEYS.has(key) && /^[0-9a-f-]{36}$/i.test(value)) return value.toLowerCase();
    if (key === 'timestamp') return parseTimestamp(value)?.toISOString() ?? value;
    if (key === 'duration') return toHundredths(value);
  }
  return value;
}

/**
 * A duration with its seconds cut to 0.01 s (Data 4.6: precision beyond it is not compared), by
 * text so no binary fraction creeps in: PT1.2399S and PT1.23S and PT01.230S are all PT1.23S.
 */
function toHundredths(duration: string): string {
  return duration.replace(/(\d+)(?:\.(\d*))?S$/, (_, whole: string, fraction = '') => {
    const kept = fraction.slice(0, 2).replace(/0+$/, '');
    return `${whole.replace(/^0+(?=\d)/, '')}${kept ? `.${kept}` : ''}S`;
  });
}

function deepEqual(a: Json | undefined, b: Json | undefined): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    return ka.every((k) => k in b && deepEqual(a[k], b[k]));
  }
  return false;
}

function strip(s: JsonObject, other: JsonObject, ignore: string[]): JsonObject {
  const out: JsonObject = { ...s };
  for (const k of ['stored', 'authority', 'version', ...ignore]) delete out[k];
  for (const k of ['id', 'timestamp']) if (other[k] === undefined) delete out[k];
  return out;
}

/** True when `incoming` is the same statement as `stored` under the comparison rules. */
export function sameStatement(incoming: JsonObject, stored: JsonObject, ignore: string[] = []): boolean {
  return deepEqual(normalise(strip(incoming, incoming, ignore)), normalise(strip(stored, incoming, ignore)));
}
