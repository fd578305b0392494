-- issue 14: uploaded files kept in the database (LMS_FILE_STORE=database), so that every server
-- process on it serves them. A file is a row naming its blob, written in chunks first and named
-- last: a reader never sees half a file, and replacing one swaps the blob in one statement.
CREATE TABLE "file_objects" (
	"key" text PRIMARY KEY NOT NULL,
	"blob" uuid NOT NULL,
	"size" bigint NOT NULL,
	"chunk_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_chunks" (
	"blob" uuid NOT NULL,
	"n" integer NOT NULL,
	"data" bytea NOT NULL,
	CONSTRAINT "file_chunks_pkey" PRIMARY KEY("blob","n")
);
