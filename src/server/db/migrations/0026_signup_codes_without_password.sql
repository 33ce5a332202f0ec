-- A sign-up code no longer carries the password of the sign-up that asked for it (issue 35): the
-- verifier types the password, and that is the one the account gets. Open codes keep working.
ALTER TABLE "email_codes" DROP COLUMN IF EXISTS "password_hash";
