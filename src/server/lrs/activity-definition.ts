import { isObject, type Json, type JsonObject } from '../../shared/domain/xapi';

/** Language maps of a definition whose languages add up (Data 2.4.4.1). */
const LANGUAGE_MAPS = ['name', 'description'];
/** Interaction component lists: merged by component id, descriptions by language. */
export const COMPONENT_LISTS = ['choices', 'scale', 'source', 'target', 'steps'];

const asObject = (v: Json | undefined): JsonObject => (isObject(v) ? v : {});

function mergeComponents(older: Json | undefined, newer: Json | undefined): Json[] {
  const out: JsonObject[] = Array.isArray(older) ? older.filter(isObject).map((c) => ({ ...c })) : [];
  for (const c of Array.isArray(newer) ? newer.filter(isObject) : []) {
    const at = out.findIndex((o) => o.id === c.id);
    if (at < 0) out.push(c);
    else
      out[at] = {
        ...out[at],
        ...c,
        description: { ...asObject(out[at].description), ...asObject(c.description) },
      };
  }
  return out;
}

/**
 * The most complete definition from an older and a newer one (Communication 2.5: the LRS keeps the
 * canonical definition): the newer wins per property, but names and descriptions gain languages,
 * extensions gain keys and interaction components gain entries instead of being replaced. The same
 * rule as lrs_merge_definition (migration 0037), which applies it to the stored row.
 */
export function mergeDefinitions(older: JsonObject, newer: JsonObject): JsonObject {
  const out: JsonObject = { ...older, ...newer };
  for (const k of [...LANGUAGE_MAPS, 'extensions'])
    if (k in newer && isObject(older[k])) out[k] = { ...asObject(older[k]), ...asObject(newer[k]) };
  for (const k of COMPONENT_LISTS) if (k in newer && k in older) out[k] = mergeComponents(older[k], newer[k]);
  return out;
}
