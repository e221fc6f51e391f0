CREATE TABLE "sign_in_failures" (
	"account" text NOT NULL,
	"client" text NOT NULL,
	"failures" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_failures_account_client_pk" PRIMARY KEY("account","client")
);
--> statement-breakpoint
CREATE INDEX "sign_in_failures_window_idx" ON "sign_in_failures" USING btree ("window_started_at");