CREATE TABLE "quiz_starts" (
	"user_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"number" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone,
	"updated_by" text,
	CONSTRAINT "quiz_starts_user_id_material_id_number_pk" PRIMARY KEY("user_id","material_id","number")
);
--> statement-breakpoint
CREATE TABLE "scorm_attempts" (
	"user_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"cmi" jsonb NOT NULL,
	"total_seconds" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone,
	"updated_by" text,
	CONSTRAINT "scorm_attempts_user_id_material_id_attempt_pk" PRIMARY KEY("user_id","material_id","attempt")
);
--> statement-breakpoint
ALTER TABLE "quiz_starts" ADD CONSTRAINT "quiz_starts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_starts" ADD CONSTRAINT "quiz_starts_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_attempts" ADD CONSTRAINT "scorm_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_attempts" ADD CONSTRAINT "scorm_attempts_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;