-- Indexes for the daily chore that deletes ended sessions and spent tokens (auth/token-retention.ts): a
-- refresh writes a token every few minutes of use, so without it these tables grow for ever.
-- SHARE locks: sign-ins and refreshes wait while the indexes are built, every other call (which only reads
-- its session) goes on. Taken in the order sign-in and sign-out write them, sessions first. An installation
-- whose tables are already large builds the indexes beforehand, without blocking writes:
--   CREATE INDEX CONCURRENTLY refresh_tokens_expires_idx ON refresh_tokens (expires_at);
--   CREATE INDEX CONCURRENTLY one_time_tokens_expires_idx ON one_time_tokens (expires_at);
--   CREATE INDEX CONCURRENTLY sessions_created_idx ON sessions (created_at);
LOCK TABLE "sessions", "refresh_tokens", "one_time_tokens" IN SHARE MODE;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sessions_created_idx" ON "sessions" USING btree ("created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "refresh_tokens_expires_idx" ON "refresh_tokens" USING btree ("expires_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "one_time_tokens_expires_idx" ON "one_time_tokens" USING btree ("expires_at");
