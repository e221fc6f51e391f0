ALTER TABLE "bookings" ADD COLUMN "rental_price" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancellation_fee" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "amendments_fee" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_payment_reference_key" ON "bookings" USING btree ("payment_provider","payment_reference") WHERE "bookings"."payment_reference" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "bookings_expires_idx" ON "bookings" USING btree ("expires_at") WHERE "bookings"."expires_at" IS NOT NULL;--> statement-breakpoint
-- Bookings made before the breakdown was kept: their whole price reads as the rental price.
UPDATE "bookings" SET "rental_price" = "price";
