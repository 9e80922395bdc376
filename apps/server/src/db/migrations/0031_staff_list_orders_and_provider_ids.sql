-- The staff list's internal-number ordering and "new provider" filter, and the data administration's
-- search on a common provider name, read indexes instead of every request (decision 046). The provider
-- index gains the id, so a provider's newest ids come from the index alone; it replaces the one on the
-- provider id. Built in the migration's transaction: writes to requests wait while the indexes build
-- (tens of seconds per million requests).
DROP INDEX "requests_provider_idx";--> statement-breakpoint
CREATE INDEX "requests_provider_id_idx" ON "requests" USING btree ("provider_id","id");--> statement-breakpoint
CREATE INDEX "requests_staff_internal_number_idx" ON "requests" USING btree ((nullif(regexp_replace(split_part("internal_number", '-', 1), '[^0-9]', '', 'g'), '')::bigint),"internal_number") WHERE "requests"."active" and not "requests"."archived";--> statement-breakpoint
CREATE INDEX "requests_staff_new_provider_idx" ON "requests" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "requests"."new_provider" and "requests"."active" and not "requests"."archived";