CREATE INDEX "billings_created_idx" ON "billings" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_unbilled_idx" ON "invoices" USING btree ("request_id") WHERE "invoices"."bill_id" is null;--> statement-breakpoint
-- The fee settings row always exists (GET /api/home/price/1/); a fresh install starts from the base prices.
INSERT INTO "price_settings" ("id", "completed_documents_arrived", "completed_documents_unavailable", "closed_documents_arrived", "closed_documents_unavailable", "cancelled", "rush", "closed_originally_no_document") VALUES (1, 35, 25, 35, 25, 10, 7, 35) ON CONFLICT ("id") DO NOTHING;
