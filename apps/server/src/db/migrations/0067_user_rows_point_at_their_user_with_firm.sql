-- A user's own rows point at their user together with the firm (docs/scale.md, rule 2): sessions and tokens,
-- API keys (by their creator and whoever revoked them) and webhook endpoints (by their creator: firm
-- administrators, the only ones who manage them), a card payment (by the firm user who paid), uploads, a
-- replayable write's key, e-mail choices and digest items. Each such row's firm is its user's (the app writes
-- the user's, and 0053's fill triggers take it from the user), so every new key holds.
-- Rows that name people who may be the retrieval company's staff (a note's author, a file's verifier,
-- whoever works a request) keep their key by id alone: docs/scale.md, "Internal staff on a firm's rows".
-- An upload, webhook endpoint or revoked key whose user is deleted keeps its firm: only the user's column is
-- set to null.
-- The users' new index is built first (a few thousand rows), then each step is a catalog change; the keys are
-- added NOT VALID, and db/validate-constraints.ts checks the existing rows after the migrations.
-- Locked first, in one statement, the user's rows (and 0068's page versions) before users: every write checks
-- its keys into users while holding its own table, so users locked early would deadlock with it (0062 says why
-- the order matters).
LOCK TABLE "refresh_tokens", "one_time_tokens", "sessions", "api_keys", "uploads", "idempotency_keys", "notification_email_prefs", "notification_digest_items", "card_payments", "webhook_endpoints", "website_page_versions", "users" IN ACCESS EXCLUSIVE MODE;
--> statement-breakpoint
CREATE UNIQUE INDEX "users_id_company_uq" ON "users" USING btree ("id","company_id");
--> statement-breakpoint
ALTER TABLE "api_keys" DROP CONSTRAINT "api_keys_created_by_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "api_keys" DROP CONSTRAINT "api_keys_revoked_by_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "uploads" DROP CONSTRAINT "uploads_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "notification_digest_items" DROP CONSTRAINT "notification_digest_items_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "notification_email_prefs" DROP CONSTRAINT "notification_email_prefs_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "card_payments" DROP CONSTRAINT "card_payments_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "one_time_tokens" DROP CONSTRAINT "one_time_tokens_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "refresh_tokens" DROP CONSTRAINT "refresh_tokens_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" DROP CONSTRAINT "webhook_endpoints_created_by_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_revoked_by_fk" FOREIGN KEY ("revoked_by_id","company_id") REFERENCES "public"."users"("id","company_id") ON DELETE SET NULL ("revoked_by_id") ON UPDATE cascade NOT VALID;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_fk" FOREIGN KEY ("created_by_id","company_id") REFERENCES "public"."users"("id","company_id") ON DELETE cascade ON UPDATE cascade NOT VALID;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_fk" FOREIGN KEY ("user_id","company_id") REFERENCES "public"."users"("id","company_id") ON DELETE SET NULL ("user_id") ON UPDATE cascade NOT VALID;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_fk" FOREIGN KEY ("user_id","company_id") REFERENCES "public"."users"("id","company_id") ON DELETE cascade ON UPDATE cascade NOT VALID;--> statement-breakpoint
ALTER TABLE "notification_digest_items" ADD CONSTRAINT "notification_digest_items_user_fk" FOREIGN KEY ("user_id","company_id") REFERENCES "public"."users"("id","company_id") ON DELETE cascade ON UPDATE cascade NOT VALID;--> statement-breakpoint
ALTER TABLE "notification_email_prefs" ADD CONSTRAINT "notification_email_prefs_user_fk" FOREIGN KEY ("user_id","company_id") REFERENCES "public"."users"("id","company_id") ON DELETE cascade ON UPDATE cascade NOT VALID;--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_user_fk" FOREIGN KEY ("user_id","company_id") REFERENCES "public"."users"("id","company_id") ON DELETE no action ON UPDATE cascade NOT VALID;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_user_fk" FOREIGN KEY ("user_id","company_id") REFERENCES "public"."users"("id","company_id") ON DELETE cascade ON UPDATE cascade NOT VALID;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_fk" FOREIGN KEY ("user_id","company_id") REFERENCES "public"."users"("id","company_id") ON DELETE cascade ON UPDATE cascade NOT VALID;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_fk" FOREIGN KEY ("user_id","company_id") REFERENCES "public"."users"("id","company_id") ON DELETE cascade ON UPDATE cascade NOT VALID;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_fk" FOREIGN KEY ("created_by_id","company_id") REFERENCES "public"."users"("id","company_id") ON DELETE SET NULL ("created_by_id") ON UPDATE cascade NOT VALID;
