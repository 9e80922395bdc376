-- The list API's start_date and end_date filters (exact dates) read an index instead of walking every
-- request (decision 046). Built in the migration's transaction: writes to requests wait a few seconds per
-- million requests.
CREATE INDEX "requests_start_date_idx" ON "requests" USING btree ("start_date");--> statement-breakpoint
CREATE INDEX "requests_end_date_idx" ON "requests" USING btree ("end_date");