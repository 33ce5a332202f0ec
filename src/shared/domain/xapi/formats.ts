/**
 * The value formats of xAPI (Data §4): IRIs, UUIDs, RFC 5646 language tags, ISO 8601 durations
 * and timestamps. Pure functions, shared by the store's validation and the app's own writers.
 */

/** An absolute IRI: a scheme, a colon and no white space (RFC 3987 allows any other character). */
export function isIri(value: unknown): value is string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  return typeof value === 'string' && /^[a-z][a-z0-9+.-]*:[^\s<>"{}|\\^`\u0000-\u001f\u007f]+$/i.test(value);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

export function isMbox(value: unknown): value is string {
  return typeof value === 'string' && /^mailto:[^@\s:/]+@[^@\s/]+$/.test(value);
}

export const isSha1Hex = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9a-f]{40}$/i.test(value);

/** SHA-224, 256, 384 or 512 in hex: the `sha2` of an attachment. */
export const isSha2Hex = (value: unknown): value is string =>
  typeof value === 'string' && /^(?:[0-9a-f]{56}|[0-9a-f]{64}|[0-9a-f]{96}|[0-9a-f]{128})$/i.test(value);

/**
 * RFC 5646 language tag (well-formed, not registry-checked): language with extlangs, script, region,
 * variants, extensions and private use, or a private-use or grandfathered tag.
 */
const LANG_TAG = new RegExp(
  '^(?:(?:[a-z]{2,3}(?:-[a-z]{3}){0,3}|[a-z]{4}|[a-z]{5,8})' +
    '(?:-[a-z]{4})?(?:-(?:[a-z]{2}|\\d{3}))?(?:-(?:[a-z\\d]{5,8}|\\d[a-z\\d]{3}))*' +
    '(?:-[\\da-wyz](?:-[a-z\\d]{2,8})+)*(?:-x(?:-[a-z\\d]{1,8})+)?' +
    '|x(?:-[a-z\\d]{1,8})+|i-[a-z]{3,8}|en-gb-oed|sgn-[a-z]{2}-[a-z]{3})$',
  'i',
);
export function isLanguageTag(value: unknown): value is string {
  return typeof value === 'string' && LANG_TAG.test(value);
}

/** ISO 8601 duration as xAPI uses it: PnYnMnDTnHnMnS (decimals on the smallest unit) or PnW. */
const DURATION =
  /^P(?!$)(?:\d+(?:\.\d+)?Y)?(?:\d+(?:\.\d+)?M)?(?:\d+(?:\.\d+)?D)?(?:T(?=\d)(?:\d+(?:\.\d+)?H)?(?:\d+(?:\.\d+)?M)?(?:\d+(?:\.\d+)?S)?)?$|^P\d+(?:\.\d+)?W$/;
export function isDuration(value: unknown): value is string {
  return typeof value === 'string' && DURATION.test(value);
}

/**
 * ISO 8601 / RFC 3339 date-time: date, 'T' (or a space, as RFC 3339 allows), time with optional
 * fraction, and an optional offset. A negative zero offset (-00, -0000, -00:00) means "unknown
 * offset" in RFC 3339 and is refused, as both conformance suites expect.
 */
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
const TIMESTAMP_BASIC = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\.\d+)?(Z|[+-]\d{2}(?:\d{2})?)?$/i;

export function parseTimestamp(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const m = TIMESTAMP.exec(value) ?? TIMESTAMP_BASIC.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, frac = '', zone = 'Z'] = m;
  if (/^-00(?::?00)?$/.test(zone)) return null;
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 60) return null;
  let offset = 'Z';
  if (zone.toUpperCase() !== 'Z') {
    const digits = zone.replace(':', '');
    offset = `${digits.slice(0, 3)}:${digits.slice(3, 5) || '00'}`;
  }
  const ms = frac ? frac.slice(0, 4).padEnd(4, '0') : '.000';
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s === '60' ? '59' : s}${ms}${offset}`);
  if (Number.isNaN(date.getTime())) return null;
  // Refuse dates that roll over (31 April): the UTC day differs by at most the offset.
  const probe = new Date(Date.UTC(Number(y), month - 1, day));
  if (probe.getUTCMonth() !== month - 1) return null;
  return date;
}

export const isTimestamp = (value: unknown): value is string => parseTimestamp(value) !== null;

/** An Internet media type: type/subtype with optional parameters. */
export function isMediaType(value: unknown): value is string {
  return typeof value === 'string' && /^[\w.+-]+\/[\w.+-]+(?:\s*;.*)?$/.test(value);
}

/** True when the string has the NUL character or a lone surrogate (PostgreSQL refuses both). */
export function hasUnstorableText(value: string): boolean {
  return (
    value.includes('\u0000') ||
    /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(value)
  );
}
