import { allowOnly, extensions, fail, iri, type JsonObject, languageMap, object, string } from './check';
import { COMPONENT_LISTS, INTERACTION_COMPONENTS, INTERACTION_TYPES } from './constants';
import { isIri } from './formats';

const DEFINITION_KEYS = [
  'name',
  'description',
  'type',
  'moreInfo',
  'extensions',
  'interactionType',
  'correctResponsesPattern',
  ...COMPONENT_LISTS,
];

function checkComponents(list: unknown, path: string): void {
  if (!Array.isArray(list)) fail(path, 'must be an array of interaction components');
  const ids = new Set<string>();
  list.forEach((item, i) => {
    const c = object(item, `${path}[${i}]`);
    allowOnly(c, ['id', 'description'], `${path}[${i}]`);
    const id = string(c.id, `${path}[${i}].id`);
    if (ids.has(id)) fail(`${path}[${i}].id`, `"${id}" is used twice in this list`);
    ids.add(id);
    if (c.description !== undefined) languageMap(c.description, `${path}[${i}].description`);
  });
}

export function checkDefinition(value: unknown, path: string): void {
  const def = object(value, path);
  allowOnly(def, DEFINITION_KEYS, path);
  if (def.name !== undefined) languageMap(def.name, `${path}.name`);
  if (def.description !== undefined) languageMap(def.description, `${path}.description`);
  if (def.type !== undefined) iri(def.type, `${path}.type`);
  if (def.moreInfo !== undefined && !isIri(def.moreInfo)) fail(`${path}.moreInfo`, 'must be an absolute IRL');
  if (def.extensions !== undefined) extensions(def.extensions, `${path}.extensions`);
  const type = def.interactionType;
  if (type !== undefined && !(INTERACTION_TYPES as readonly unknown[]).includes(type))
    fail(`${path}.interactionType`, `must be one of ${INTERACTION_TYPES.join(', ')}`);
  if (def.correctResponsesPattern !== undefined) {
    if (type === undefined) fail(`${path}.correctResponsesPattern`, 'needs an interactionType');
    const list = def.correctResponsesPattern;
    if (!Array.isArray(list)) fail(`${path}.correctResponsesPattern`, 'must be an array of strings');
    for (const [i, p] of list.entries()) string(p, `${path}.correctResponsesPattern[${i}]`);
  }
  for (const key of COMPONENT_LISTS) {
    if (def[key] === undefined) continue;
    const allowed = INTERACTION_COMPONENTS[String(type)] ?? [];
    if (!allowed.includes(key))
      fail(
        `${path}.${key}`,
        `is not allowed for interactionType ${type === undefined ? '(none)' : String(type)}`,
      );
    checkComponents(def[key], `${path}.${key}`);
  }
}

export function checkActivity(value: unknown, path: string): JsonObject {
  const activity = object(value, path);
  allowOnly(activity, ['objectType', 'id', 'definition'], path);
  if (activity.objectType !== undefined && activity.objectType !== 'Activity')
    fail(`${path}.objectType`, 'must be "Activity"');
  iri(activity.id, `${path}.id`);
  if (activity.definition !== undefined) checkDefinition(activity.definition, `${path}.definition`);
  return activity;
}
