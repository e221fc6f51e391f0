-- What servers on one PostgreSQL share: the secrets they generated (made once, read by all) and when each
-- housekeeping job last ran (so that it runs once per period, whichever server runs it).
CREATE TABLE "housekeeping_runs" (
	"job" text PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
