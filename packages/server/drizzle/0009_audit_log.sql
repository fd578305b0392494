-- The audit trail (issue 13): who did what, when and from where. No foreign keys, so that a record
-- outlives the user, school or record it names; kept for LMS_AUDIT_DAYS days.
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_name" text DEFAULT '' NOT NULL,
	"actor_role_id" integer,
	"school_id" integer,
	"address" text DEFAULT '' NOT NULL,
	"module" text NOT NULL,
	"action" text NOT NULL,
	"record_id" text DEFAULT '' NOT NULL,
	"record_label" text DEFAULT '' NOT NULL,
	"changes" jsonb,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_school_at_idx" ON "audit_log" USING btree ("school_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_at_idx" ON "audit_log" USING btree ("actor_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_module_action_idx" ON "audit_log" USING btree ("module","action","at");
