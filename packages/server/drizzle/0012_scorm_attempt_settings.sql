-- issue 15: a SCORM material's attempt settings (attempts allowed, what counts, how a new attempt
-- starts, what completes it), validated by scormSettingsSchema of @lms/core; '{}' takes its defaults.
ALTER TABLE "materials" ADD COLUMN "scorm_settings" jsonb DEFAULT '{}'::jsonb NOT NULL;
