import { agentIdsOnly, isObject, type Json, type JsonObject } from '../../shared/domain/xapi';
import { COMPONENT_LISTS } from './activity-definition';
import { walkStatement } from './statement-walk';

/** The `format` query parameter of GET /statements. */
export type StatementFormat = 'exact' | 'ids' | 'canonical';

/**
 * `format=ids` (Communication 2.1.3): agents and groups by their identifier (an anonymous group by
 * its members' identifiers), activities by id (and objectType when sent), verbs by id; the same in
 * authority, context and sub-statements. Everything else is kept.
 */
export function idsOnly(s: JsonObject): JsonObject {
  return walkStatement(s, {
    agent: agentIdsOnly,
    activity: (a): JsonObject => (a.objectType ? { objectType: a.objectType, id: a.id } : { id: a.id }),
    verb: (v) => ({ id: v.id }),
    attachment: (a) => a,
  });
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

function oneLanguage(map: Json, languages: string[]): Json {
  if (!isObject(map)) return map;
  const lang = pickLanguage(map, languages);
  return lang === undefined ? {} : { [lang]: map[lang] };
}

function reduceKeys(value: JsonObject, keys: string[], languages: string[]): JsonObject {
  const out: JsonObject = { ...value };
  for (const k of keys) if (k in value) out[k] = oneLanguage(value[k], languages);
  return out;
}

function canonicalDefinition(d: JsonObject, languages: string[]): JsonObject {
  const out = reduceKeys(d, ['name', 'description'], languages);
  for (const k of COMPONENT_LISTS)
    if (Array.isArray(d[k]))
      out[k] = d[k].map((c) => (isObject(c) ? reduceKeys(c, ['description'], languages) : c));
  return out;
}

/**
 * `format=canonical`: each activity carries the definition this LRS holds for it (merged from every
 * statement), verbs their display; every language map — verb display, definition name and
 * description, interaction components, attachment display and description — reduced to the one
 * language that best matches Accept-Language.
 */
export function canonical(
  s: JsonObject,
  definitions: Map<string, JsonObject>,
  languages: string[],
): JsonObject {
  return walkStatement(s, {
    agent: (a) => a,
    verb: (v) => reduceKeys(v, ['display'], languages),
    attachment: (a) => reduceKeys(a, ['display', 'description'], languages),
    activity: (a) => {
      const known = definitions.get(String(a.id)) ?? (isObject(a.definition) ? a.definition : undefined);
      const { definition: _own, ...rest } = a;
      return known ? { ...rest, definition: canonicalDefinition(known, languages) } : rest;
    },
  });
}
