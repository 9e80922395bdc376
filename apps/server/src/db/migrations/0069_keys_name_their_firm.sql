-- The keys still unique across every firm take the firm in (docs/scale.md, rule 1): a distributed database
-- can only enforce a unique key that holds its distribution column. None of them lost a guarantee:
-- - token and key hashes (refresh and one-time tokens, API keys, signing links) are of 256 random bits;
-- - ids come from identity sequences or are random UUIDs (sessions), upload keys are random;
-- - a card payment's intent is the payment provider's own unique id, a delivery's message id a random UUID;
-- - request numbers come from one sequence for every firm, and a split's parts extend their request's.
-- Each look-up by the value alone still reads the new index (the value comes first).
-- Locked first, in one statement, in the order 0062 gives (an upgrade from before 0062 has them locked there
-- already), so a write in flight does not hold one of them while waiting for another this migration holds.
LOCK TABLE "refresh_tokens", "one_time_tokens", "sessions", "api_keys", "uploads", "signing_requests", "requests", "card_payments", "webhook_deliveries" IN ACCESS EXCLUSIVE MODE;
--> statement-breakpoint
-- The longest step (a million requests: bench/RESULTS.md, "Keys that name their firm"), while
-- request writes wait. An installation that cannot pause them that long builds it beforehand, without
-- blocking writes:
--   CREATE UNIQUE INDEX CONCURRENTLY requests_internal_number_uq ON requests (internal_number, company_id);
CREATE UNIQUE INDEX IF NOT EXISTS "requests_internal_number_uq" ON "requests" USING btree ("internal_number","company_id");
--> statement-breakpoint
ALTER TABLE "requests" DROP CONSTRAINT "requests_internal_number_unique";
--> statement-breakpoint
CREATE UNIQUE INDEX "signing_requests_token_hash_with_firm_uq" ON "signing_requests" USING btree ("token_hash","company_id");
--> statement-breakpoint
DROP INDEX "signing_requests_token_hash_uq";
--> statement-breakpoint
ALTER INDEX "signing_requests_token_hash_with_firm_uq" RENAME TO "signing_requests_token_hash_uq";
--> statement-breakpoint
CREATE UNIQUE INDEX "card_payments_intent_with_firm_idx" ON "card_payments" USING btree ("intent_id","company_id");
--> statement-breakpoint
DROP INDEX "card_payments_intent_idx";
--> statement-breakpoint
ALTER INDEX "card_payments_intent_with_firm_idx" RENAME TO "card_payments_intent_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_message_id_uq" ON "webhook_deliveries" USING btree ("message_id","company_id");
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_message_id_unique";
--> statement-breakpoint
ALTER TABLE "api_keys" DROP CONSTRAINT "api_keys_pkey";
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_pkey" PRIMARY KEY("id","company_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_key_hash_uq" ON "api_keys" USING btree ("key_hash","company_id");
--> statement-breakpoint
ALTER TABLE "api_keys" DROP CONSTRAINT "api_keys_key_hash_unique";
--> statement-breakpoint
-- Sessions, tokens and uploads gained company_id in 0053, so an installation upgrading from before it has
-- rows without their firm yet: only the new key's index is built here, and db/tenant-backfill.ts makes it
-- the primary key once the column is filled (as 0065 did for notes).
CREATE UNIQUE INDEX IF NOT EXISTS "sessions_pkey_with_firm" ON "sessions" USING btree ("id","company_id");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "uploads_pkey_with_firm" ON "uploads" USING btree ("key","company_id");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "refresh_tokens_pkey_with_firm" ON "refresh_tokens" USING btree ("id","company_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_token_hash_uq" ON "refresh_tokens" USING btree ("token_hash","company_id");
--> statement-breakpoint
ALTER TABLE "refresh_tokens" DROP CONSTRAINT "refresh_tokens_token_hash_unique";
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "one_time_tokens_pkey_with_firm" ON "one_time_tokens" USING btree ("id","company_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "one_time_tokens_token_hash_uq" ON "one_time_tokens" USING btree ("token_hash","company_id");
--> statement-breakpoint
ALTER TABLE "one_time_tokens" DROP CONSTRAINT "one_time_tokens_token_hash_unique";
