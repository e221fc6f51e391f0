-- The orders by the stay's price read one stream per term and bookable state in price order, stopping at the
-- page, instead of sorting every candidate (docs/performance.md, Query shapes at scale).
CREATE INDEX "properties_stay_price_idx" ON "properties" USING btree ("rental_term","available","sold_out","price","id" DESC NULLS FIRST,"type") WHERE NOT "properties"."hidden";
