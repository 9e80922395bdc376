-- The ids of the tables nothing points at and whose size does not grow with the requests become bigint
-- (docs/scale.md, rule 4; decision 081): API keys, single-use and refresh tokens (deleted 30 days after they
-- end), and card payments (one live payment a billing). Changing a column's type rewrites the table and its
-- indexes under an exclusive lock, which for these is short; the identity's sequence becomes bigint with its
-- column. The tables that grow with the requests (invoice lines, follow-ups, signing events, notes, …) took
-- about 4.5 µs a row at a million requests: invoice lines alone held their lock 3.8 s, so they wait for a new
-- column filled in batches and a swap.
-- Locked first, in one statement, in 0062's order.
LOCK TABLE "refresh_tokens", "one_time_tokens", "api_keys", "card_payments" IN ACCESS EXCLUSIVE MODE;
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ALTER COLUMN "id" SET DATA TYPE bigint;
--> statement-breakpoint
ALTER TABLE "one_time_tokens" ALTER COLUMN "id" SET DATA TYPE bigint;
--> statement-breakpoint
ALTER TABLE "api_keys" ALTER COLUMN "id" SET DATA TYPE bigint;
--> statement-breakpoint
ALTER TABLE "card_payments" ALTER COLUMN "id" SET DATA TYPE bigint;
