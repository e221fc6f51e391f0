-- The receipt says when a booking was paid. Bookings paid before this column have only their creation time,
-- within the 35 minutes of their payment window: the nearest known day.
ALTER TABLE "bookings" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
UPDATE "bookings" SET "paid_at" = "created_at" WHERE "status" = 'PAID';
