-- A request's chosen types take its firm into their key, as the other rows under requests did in 0062
-- (decision 075, docs/scale.md rule 1), and a request cannot be completed or closed before it was created,
-- which the staff list's "finished by" filters rely on to start their newest-first walk at that day; their
-- counts read two small indexes of finished requests (about 0.4 s each to build at a million requests).
-- Locked first, for the reason 0059 gives (0062 already holds them when both run in one upgrade): notes before
-- requests, as a note being written takes them, and the row under requests before requests itself.
LOCK TABLE "notes", "request_type_choices", "requests" IN ACCESS EXCLUSIVE MODE;
--> statement-breakpoint
-- The key's old name did not follow <table>_pkey, which db/tenant-backfill.ts swaps a <table>_pkey_with_firm
-- index into. request_type_choices gained company_id in 0053, so an installation upgrading from before it
-- has rows without their firm yet: only the new key's index is built here, and the backfill makes it the
-- primary key once the column is filled (as 0060 did for files).
ALTER TABLE "request_type_choices" RENAME CONSTRAINT "request_type_choices_request_id_request_type_id_pk" TO "request_type_choices_pkey";
--> statement-breakpoint
CREATE UNIQUE INDEX "request_type_choices_pkey_with_firm" ON "request_type_choices" ("request_id","company_id","request_type_id");
--> statement-breakpoint
CREATE INDEX "requests_staff_completed_idx" ON "requests" USING btree ("completed_date","created_at") WHERE "requests"."active" and not "requests"."archived" and "requests"."completed_date" is not null;
--> statement-breakpoint
CREATE INDEX "requests_staff_closed_idx" ON "requests" USING btree ("closed_date","created_at") WHERE "requests"."active" and not "requests"."archived" and "requests"."closed_date" is not null;
--> statement-breakpoint
-- Added NOT VALID, so the million existing requests are checked by db/validate-constraints.ts after the
-- migrations, without holding this lock.
ALTER TABLE "requests" ADD CONSTRAINT "requests_finished_after_created_ck" CHECK ("requests"."completed_date" >= "requests"."created_at" and "requests"."closed_date" >= "requests"."created_at") NOT VALID;
