-- issue 15: a package with several SCOs keeps each SCO's runtime data in its own row, keyed by the
-- SCO's item identifier; "" (every existing row) is a package's only SCO, or the rolled-up record
-- of a package with several.
ALTER TABLE "scorm_attempts" ADD COLUMN "sco" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "scorm_attempts" DROP CONSTRAINT "scorm_attempts_user_id_material_id_attempt_pk";
--> statement-breakpoint
ALTER TABLE "scorm_attempts" ADD CONSTRAINT "scorm_attempts_user_id_material_id_attempt_sco_pk" PRIMARY KEY("user_id","material_id","attempt","sco");
