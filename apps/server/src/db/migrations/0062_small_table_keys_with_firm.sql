-- The rows under requests, files, clients, billings, signing requests and webhook endpoints take their firm into
-- their own primary and unique keys, as their parents did in 0059-0061 (decision 075, docs/scale.md rule 1).
-- No foreign key points at these tables, so only their keys change. A surrogate key becomes (id, company_id); a
-- natural key takes the firm right after its leading column, so a lookup by that column still uses the index.
-- Locked first, in one statement, for the reason 0059 gives, together with every table that 0063 to 0071, 0074 and 0075 lock:
-- an upgrade runs all its pending migrations in one transaction, so a table locked by a later migration, after
-- this one's and 0063's (requests), would be waited for while holding them. A note being written holds notes
-- and waits for requests (its triggers), so 0065's lock on notes then deadlocked, and lost, five times in a row
-- at a million requests while notes were written. Listed in the order the app's transactions take them: a
-- user's sessions, tokens and a replayable write's key first, then signing requests, notes, a file's audit rows
-- and files before requests (each checks its key into the next), then the rows under them, and users last (every
-- write checks its keys into users while holding its own table).
LOCK TABLE "refresh_tokens", "one_time_tokens", "sessions", "api_keys", "uploads", "idempotency_keys", "notification_email_prefs", "signing_requests", "notes", "notification_email_queue", "notification_digest_items", "request_type_choices", "file_accesses", "files", "requests", "signing_events", "authorization_checks", "record_pages", "record_indexing", "bates_counters", "bates_ranges", "fee_approvals", "follow_ups", "card_payments", "invoices", "webhook_deliveries", "webhook_endpoints", "website_page_versions", "crashpads", "subscriptions", "users" IN ACCESS EXCLUSIVE MODE;
--> statement-breakpoint
-- These gained company_id in 0053, and an installation upgrading from before it still has rows without their
-- firm here, while a primary key needs the column NOT NULL. So only the new key's index is built, and
-- db/tenant-backfill.ts makes it the primary key once the column is filled, as 0060 did for files.
CREATE UNIQUE INDEX "authorization_checks_pkey_with_firm" ON "authorization_checks" ("request_id","company_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "bates_counters_pkey_with_firm" ON "bates_counters" ("patient_id","company_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "bates_ranges_pkey_with_firm" ON "bates_ranges" ("file_id","company_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "follow_ups_pkey_with_firm" ON "follow_ups" ("id","company_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_pkey_with_firm" ON "invoices" ("id","company_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "record_indexing_pkey_with_firm" ON "record_indexing" ("file_id","company_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "signing_events_pkey_with_firm" ON "signing_events" ("id","company_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_pkey_with_firm" ON "webhook_deliveries" ("id","company_id");
--> statement-breakpoint
-- Card payments, fee approvals and record pages have had their firm NOT NULL from the start: swapped here.
CREATE UNIQUE INDEX "card_payments_pkey_with_firm" ON "card_payments" ("id","company_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "fee_approvals_pkey_with_firm" ON "fee_approvals" ("id","company_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "record_pages_pk_with_firm" ON "record_pages" ("file_id","company_id","page_number");
--> statement-breakpoint
ALTER TABLE "card_payments" DROP CONSTRAINT "card_payments_pkey";
--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_pkey" PRIMARY KEY USING INDEX "card_payments_pkey_with_firm";
--> statement-breakpoint
ALTER TABLE "fee_approvals" DROP CONSTRAINT "fee_approvals_pkey";
--> statement-breakpoint
ALTER TABLE "fee_approvals" ADD CONSTRAINT "fee_approvals_pkey" PRIMARY KEY USING INDEX "fee_approvals_pkey_with_firm";
--> statement-breakpoint
ALTER TABLE "record_pages" DROP CONSTRAINT "record_pages_pk";
--> statement-breakpoint
ALTER TABLE "record_pages" ADD CONSTRAINT "record_pages_pk" PRIMARY KEY USING INDEX "record_pages_pk_with_firm";
--> statement-breakpoint
-- The other unique keys: a client's Bates ranges never overlap, a request has one follow-up of each number, at
-- most one unbilled line and one pending fee approval, and a billing one live card payment. Each keeps its name
-- and its condition.
CREATE UNIQUE INDEX "bates_ranges_patient_first_uq_with_firm" ON "bates_ranges" ("patient_id","company_id","first_number");
--> statement-breakpoint
CREATE UNIQUE INDEX "bates_ranges_patient_last_uq_with_firm" ON "bates_ranges" ("patient_id","company_id","last_number");
--> statement-breakpoint
ALTER TABLE "bates_ranges" DROP CONSTRAINT "bates_ranges_patient_first_uq";
--> statement-breakpoint
ALTER TABLE "bates_ranges" ADD CONSTRAINT "bates_ranges_patient_first_uq" UNIQUE USING INDEX "bates_ranges_patient_first_uq_with_firm";
--> statement-breakpoint
ALTER TABLE "bates_ranges" DROP CONSTRAINT "bates_ranges_patient_last_uq";
--> statement-breakpoint
ALTER TABLE "bates_ranges" ADD CONSTRAINT "bates_ranges_patient_last_uq" UNIQUE USING INDEX "bates_ranges_patient_last_uq_with_firm";
--> statement-breakpoint
DROP INDEX "follow_ups_request_number_uq";
--> statement-breakpoint
CREATE UNIQUE INDEX "follow_ups_request_number_uq" ON "follow_ups" USING btree ("request_id","company_id","number");
--> statement-breakpoint
DROP INDEX "invoices_one_unbilled_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_unbilled_idx" ON "invoices" USING btree ("request_id","company_id") WHERE "invoices"."bill_id" is null;
--> statement-breakpoint
DROP INDEX "fee_approvals_one_pending_uq";
--> statement-breakpoint
CREATE UNIQUE INDEX "fee_approvals_one_pending_uq" ON "fee_approvals" USING btree ("request_id","company_id") WHERE "fee_approvals"."state" = 'pending';
--> statement-breakpoint
DROP INDEX "card_payments_one_live_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX "card_payments_one_live_idx" ON "card_payments" USING btree ("billing_id","company_id") WHERE "card_payments"."status" <> 'failed';
