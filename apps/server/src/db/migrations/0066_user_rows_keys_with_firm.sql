-- A user's own rows take the firm into their keys (decision 075, docs/scale.md rule 1): a replayable write's
-- key (user_id, company_id, key), an e-mail choice (user_id, company_id, kind), a note kept for the daily
-- digest (user_id, company_id, note_id). The firm comes after the user, so a look-up by user still uses them.
-- These tables gained company_id in 0053, so an installation upgrading from before it has rows without their
-- firm yet: each old key is renamed <table>_pkey and only the new key's index is built here; db/tenant-backfill.ts
-- makes it the primary key once the column is filled. They hold a few rows per user.
LOCK TABLE "idempotency_keys", "notification_email_prefs", "notification_digest_items" IN ACCESS EXCLUSIVE MODE;
--> statement-breakpoint
ALTER TABLE "idempotency_keys" RENAME CONSTRAINT "idempotency_keys_user_id_key_pk" TO "idempotency_keys_pkey";
--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_pkey_with_firm" ON "idempotency_keys" ("user_id","company_id","key");
--> statement-breakpoint
ALTER TABLE "notification_email_prefs" RENAME CONSTRAINT "notification_email_prefs_user_id_kind_pk" TO "notification_email_prefs_pkey";
--> statement-breakpoint
CREATE UNIQUE INDEX "notification_email_prefs_pkey_with_firm" ON "notification_email_prefs" ("user_id","company_id","kind");
--> statement-breakpoint
ALTER TABLE "notification_digest_items" RENAME CONSTRAINT "notification_digest_items_user_id_note_id_pk" TO "notification_digest_items_pkey";
--> statement-breakpoint
CREATE UNIQUE INDEX "notification_digest_items_pkey_with_firm" ON "notification_digest_items" ("user_id","company_id","note_id");
