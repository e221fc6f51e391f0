-- The back office's calendar at scale (docs/performance.md, Query shapes at scale): an agency's bookings in stay
-- order with the stay's end, status and property, so that a month's are read from the index alone.
CREATE INDEX "bookings_agency_stays_idx" ON "bookings" USING btree ("agency_id","from_date","id","to_date","status","property_id");