CREATE TABLE "property_uploads" (
	"file" text PRIMARY KEY NOT NULL,
	"uploader_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "property_uploads" ADD CONSTRAINT "property_uploads_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "property_uploads_created_idx" ON "property_uploads" USING btree ("created_at");