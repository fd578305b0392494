-- Secrets every server process on one database shares (issue 12): the key that signs the
-- capabilities of the content origin. The value is written by the first process that starts.
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
