-- A payment that came for nights another booking took meanwhile is refunded: its booking, CANCELLED, keeps
-- the refund's state (pending until the provider has done it) and the provider's refund id.
CREATE TYPE "public"."refund_status" AS ENUM('pending', 'refunded', 'failed');--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refund_status" "refund_status";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refund_reference" text;--> statement-breakpoint
CREATE INDEX "bookings_refund_pending_idx" ON "bookings" USING btree ("id") WHERE "bookings"."refund_status" = 'pending';