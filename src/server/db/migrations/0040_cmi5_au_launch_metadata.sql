-- cmi5 (issue 33): what the course structure says about launching its AU and when the learner may
-- move on (moveOn, masteryScore, launchMethod, launchParameters, the course's id and AU count),
-- read once at import; null for H5P and TinCan packages and for cmi5 packages imported before.
ALTER TABLE "content_packages" ADD COLUMN IF NOT EXISTS "cmi5_au" jsonb;
