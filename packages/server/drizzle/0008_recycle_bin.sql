-- issue 13: the recycle bin. A deleted school, user, role, course, element or material is kept
-- here with every row that depended on it (as JSON, table by table, in chunks), so that it can be
-- restored with its ids; the live tables never hold deleted rows, so no query has to skip them.
CREATE TABLE "recycle_bin" (
	"id" serial PRIMARY KEY NOT NULL,
	"resource" text NOT NULL,
	"record_id" integer NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"school_id" integer,
	"course_id" integer,
	"role_id" integer,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"file_keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"deleted_by" text,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"purge_at" timestamp with time zone NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower("label" || ' ' || coalesce("code", ''))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "recycle_bin_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"table_name" text NOT NULL,
	"chunk" integer NOT NULL,
	"rows" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recycle_bin_rows" ADD CONSTRAINT "recycle_bin_rows_entry_id_recycle_bin_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."recycle_bin"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "recycle_bin_rows_entry_idx" ON "recycle_bin_rows" USING btree ("entry_id","table_name");
--> statement-breakpoint
CREATE INDEX "recycle_bin_resource_idx" ON "recycle_bin" USING btree ("resource","school_id","deleted_at");
--> statement-breakpoint
CREATE INDEX "recycle_bin_purge_idx" ON "recycle_bin" USING btree ("purge_at");
--> statement-breakpoint
-- A large course is moved to the bin by a job; while its row is here, commands on the course
-- answer 'Course deletion in progress...' (SPEC.md §8). No foreign key: the job deletes the course.
CREATE TABLE "course_deletions" (
	"course_id" integer PRIMARY KEY NOT NULL,
	"deleted_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
