-- xAPI Data 2.4.6: context activities are returned as arrays. The store has listed a single object
-- sent at the top level since its first version, but not in a sub-statement's context; the store
-- now lists those on write, and this lists the ones stored before, so reads return stored JSON as is.
UPDATE "lrs_statements" AS s
SET "statement" = jsonb_set(
  s."statement",
  '{object,context,contextActivities}',
  (
    SELECT jsonb_object_agg(
      e.key,
      CASE WHEN jsonb_typeof(e.value) = 'array' THEN e.value ELSE jsonb_build_array(e.value) END
    )
    FROM jsonb_each(s."statement" #> '{object,context,contextActivities}') AS e
  )
)
WHERE s."statement" #>> '{object,objectType}' = 'SubStatement'
  AND jsonb_typeof(s."statement" #> '{object,context,contextActivities}') = 'object'
  AND EXISTS (
    SELECT 1
    FROM jsonb_each(s."statement" #> '{object,context,contextActivities}') AS e
    WHERE jsonb_typeof(e.value) <> 'array'
  );
