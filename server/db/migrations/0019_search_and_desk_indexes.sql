-- Indexes for the bench's scale (docs/performance.md, Query shapes at scale): the back office's calendar reads an
-- agency's bookings in stay order from bookings_agency_stays_idx alone; a dated search sorted by the stay's price
-- finds its page's ids from properties_search_idx alone, which also serves the type and term filters' counts.
DROP INDEX "properties_type_term_idx";--> statement-breakpoint
CREATE INDEX "bookings_agency_stays_idx" ON "bookings" USING btree ("agency_id","from_date","id","to_date","status","property_id");--> statement-breakpoint
CREATE INDEX "properties_search_idx" ON "properties" USING btree ("type","rental_term","available","sold_out","price","id") WHERE NOT "properties"."hidden";