-- issue 15: a SCORM commit carries its player session (ordered, from scormload) and its sequence
-- number in that session; a commit older than the stored one is not written.
ALTER TABLE "scorm_attempts" ADD COLUMN "session" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "scorm_attempts" ADD COLUMN "seq" integer DEFAULT 0 NOT NULL;
