-- The back office (docs/product.md §12): an agency's inbox reads its bookings newest first from an index, a
-- pay-later request has a deadline to be answered by, and an agency closes nights of its properties.
CREATE TABLE "blocked_nights" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "blocked_nights_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"property_id" bigint NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"note" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocked_nights_dates_check" CHECK ("blocked_nights"."to_date" > "blocked_nights"."from_date")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "answer_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "blocked_nights" ADD CONSTRAINT "blocked_nights_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocked_nights" ADD CONSTRAINT "blocked_nights_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blocked_nights_property_dates_idx" ON "blocked_nights" USING btree ("property_id","from_date","to_date");--> statement-breakpoint
CREATE INDEX "bookings_agency_idx" ON "bookings" USING btree ("agency_id","id");--> statement-breakpoint
CREATE INDEX "bookings_answer_by_idx" ON "bookings" USING btree ("answer_by") WHERE "bookings"."status" = 'PENDING' AND "bookings"."answer_by" IS NOT NULL;