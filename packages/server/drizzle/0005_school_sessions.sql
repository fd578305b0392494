-- A school's users are refused while it is disabled (the session check reads schools.enabled):
-- enabling or disabling a school, or deleting one, is announced on lms_auth like a role change,
-- so that every server process forgets the callers it keeps in memory at once.
CREATE TRIGGER "schools_auth_changed" AFTER UPDATE OF "enabled" OR DELETE ON "schools"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_change"();
--> statement-breakpoint
-- Password-link tokens are not kept once a message has gone out (or been given up): the token
-- in the link, and the link where the body quotes it, become "token=redacted". What an
-- administrator needs (recipient, subject, status, sent_at) stays.
UPDATE "outbox"
   SET "body" = replace("body", "link", regexp_replace("link", 'token=[^&#]*', 'token=redacted', 'g')),
       "link" = regexp_replace("link", 'token=[^&#]*', 'token=redacted', 'g')
 WHERE "status" IN ('sent', 'logged', 'failed') AND "link" <> '';
