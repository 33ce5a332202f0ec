-- Communication 2.5 (Activities resource): the definition kept for an activity is the most complete
-- one seen across the space's statements. A later statement wins per property, but its names and
-- descriptions add languages, its extensions add keys and its interaction components add entries
-- (matched by id, their descriptions merged by language). Same rule as mergeDefinitions in
-- src/server/lrs/activity-definition.ts, which merges one batch before it reaches this function.
CREATE OR REPLACE FUNCTION lrs_merge_components(older jsonb, newer jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(jsonb_agg(
    coalesce(o.c, '{}'::jsonb) || coalesce(n.c, '{}'::jsonb)
      || CASE WHEN n.c ? 'description' AND o.c ? 'description'
        THEN jsonb_build_object('description', (o.c -> 'description') || (n.c -> 'description'))
        ELSE '{}'::jsonb END
    ORDER BY coalesce(o.pos, 1000000 + n.pos)), '[]'::jsonb)
  FROM (SELECT x.c, x.pos FROM jsonb_array_elements(
      CASE WHEN jsonb_typeof(older) = 'array' THEN older ELSE '[]'::jsonb END) WITH ORDINALITY AS x(c, pos)) o
  FULL JOIN (SELECT y.c, y.pos FROM jsonb_array_elements(
      CASE WHEN jsonb_typeof(newer) = 'array' THEN newer ELSE '[]'::jsonb END) WITH ORDINALITY AS y(c, pos)) n
    ON o.c -> 'id' = n.c -> 'id'
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lrs_merge_definition(older jsonb, newer jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT older || newer || coalesce((
    SELECT jsonb_object_agg(k,
      CASE WHEN k IN ('name', 'description', 'extensions')
        THEN CASE WHEN jsonb_typeof(older -> k) = 'object' AND jsonb_typeof(newer -> k) = 'object'
          THEN (older -> k) || (newer -> k) ELSE newer -> k END
        ELSE lrs_merge_components(older -> k, newer -> k) END)
    FROM unnest(ARRAY['name', 'description', 'extensions', 'choices', 'scale', 'source', 'target', 'steps']) AS k
    WHERE newer ? k AND older ? k
  ), '{}'::jsonb)
$$;
