-- A checkout whose payment window closed unpaid is kept, marked lapsed, so that a payment still coming for it
-- is found and refunded; a refund the provider refused or could not make is asked for again, later each time.
DROP INDEX "bookings_refund_pending_idx";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "lapsed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "provider_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refund_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refund_retry_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "bookings_refund_due_idx" ON "bookings" USING btree ("refund_retry_at") WHERE "bookings"."refund_status" in ('pending', 'failed');--> statement-breakpoint
CREATE INDEX "bookings_provider_check_idx" ON "bookings" USING btree ("provider_check_at") WHERE "bookings"."provider_check_at" IS NOT NULL;