import { agentIdsOnly, isObject, type Json, type JsonObject } from '../../shared/domain/xapi';

/** The `format` query parameter of GET /statements. */
export type StatementFormat = 'exact' | 'ids' | 'canonical';

const AGENT_KEYS = new Set(['actor', 'authority', 'instructor', 'team', 'agent', 'group']);

function activityIds(a: Json): Json {
  if (!isObject(a)) return a;
  return a.objectType ? { objectType: a.objectType, id: a.id } : { id: a.id };
}

/** `format=ids`: agents and groups by identifier only, activities and verbs by id only. */
export function idsOnly(s: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(s)) {
    if (AGENT_KEYS.has(k) && isObject(v)) out[k] = agentIdsOnly(v);
    else if (k === 'verb' && isObject(v)) out[k] = { id: v.id };
    else if (k === 'object' && isObject(v)) {
      const type = v.objectType ?? 'Activity';
      out[k] =
        type === 'Activity'
          ? activityIds(v)
          : type === 'SubStatement'
            ? idsOnly(v)
            : type === 'StatementRef'
              ? v
              : agentIdsOnly(v);
    } else if (k === 'context' && isObject(v)) out[k] = contextIds(v);
    else out[k] = v;
  }
  return out;
}

function contextIds(c: JsonObject): JsonObject {
  const out: JsonObject = { ...c };
  for (const k of ['instructor', 'team']) if (isObject(c[k])) out[k] = agentIdsOnly(c[k] as JsonObject);
  if (isObject(c.contextActivities)) {
    out.contextActivities = Object.fromEntries(
      Object.entries(c.contextActivities).map(([k, list]) => [
        k,
        Array.isArray(list) ? list.map(activityIds) : list,
      ]),
    );
  }
  for (const k of ['contextAgents', 'contextGroups'])
    if (Array.isArray(c[k])) out[k] = (c[k] as Json[]).map((e) => (isObject(e) ? idsOnly(e) : e));
  return out;
}

/** The best language of a map for the Accept-Language preferences; the first one otherwise. */
export function pickLanguage(map: JsonObject, preferences: string[]): string | undefined {
  const keys = Object.keys(map);
  for (const want of preferences) {
    const lower = want.toLowerCase();
    const exact = keys.find((k) => k.toLowerCase() === lower);
    if (exact) return exact;
    const prefix = keys.find((k) => k.toLowerCase().split('-')[0] === lower.split('-')[0]);
    if (prefix) return prefix;
  }
  return keys[0];
}

/** Parses Accept-Language into tags by preference ('*' and q=0 dropped). */
export function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q) };
    })
    .filter((l) => l.tag && l.tag !== '*' && l.q > 0)
    .sort((a, b) => b.q - a.q)
    .map((l) => l.tag);
}

const LANGUAGE_MAP_KEYS = new Set(['display', 'name', 'description']);

/** `format=canonical`: canonical activity definitions, one language per language map. */
export function canonical(value: Json, definitions: Map<string, JsonObject>, languages: string[]): Json {
  if (Array.isArray(value)) return value.map((v) => canonical(v, definitions, languages));
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  // Verbs have an id too but never a definition's neighbours; display marks them.
  const isActivity =
    typeof value.id === 'string' &&
    (value.objectType ?? 'Activity') === 'Activity' &&
    !('display' in value) &&
    !('actor' in value);
  for (const [k, v] of Object.entries(value)) {
    if (k === 'extensions') out[k] = v;
    else if (LANGUAGE_MAP_KEYS.has(k) && isObject(v)) {
      const lang = pickLanguage(v, languages);
      out[k] = lang === undefined ? {} : { [lang]: v[lang] };
    } else out[k] = canonical(v, definitions, languages);
  }
  const known = isActivity ? definitions.get(String(value.id)) : undefined;
  if (known) out.definition = canonical(known, definitions, languages);
  return out;
}
