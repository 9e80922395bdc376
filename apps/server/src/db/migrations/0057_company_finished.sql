CREATE INDEX "requests_company_finished_idx" ON "requests" USING btree ("company_id",coalesce("closed_date", "completed_date")) WHERE "requests"."active";--> statement-breakpoint
-- The planner has no statistics on an expression of a partial index, so it guessed a third of all requests for
-- "finished within the last month" and read a whole firm or every unclaimed request instead of the few hundred
-- finished lately. Statistics on the expression itself give it the real share.
CREATE STATISTICS IF NOT EXISTS requests_finished_stats ON (coalesce(closed_date, completed_date)) FROM requests;
--> statement-breakpoint
ANALYZE requests;
