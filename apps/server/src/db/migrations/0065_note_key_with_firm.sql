-- Notes take their firm into their key, (id, company_id), the id first so a lookup by id still uses it
-- (decision 075, docs/scale.md rule 1), and a follow-up points at its recording note with its firm (rule 2).
-- Locked first, in the order the app's transactions write these tables (a note, then the follow-up it
-- records, the digest item and the queued e-mail its triggers add), so a write in flight does not hold one
-- of them while waiting for another this migration holds.
LOCK TABLE "notes", "follow_ups", "notification_digest_items", "notification_email_queue" IN ACCESS EXCLUSIVE MODE;
--> statement-breakpoint
-- About 2.2 s for five million notes on the benchmark machine, the longest step here, while note writes wait.
-- An installation that cannot pause them that long builds it beforehand, without blocking writes:
--   CREATE UNIQUE INDEX CONCURRENTLY notes_pkey_with_firm ON notes (id, company_id);
-- notes gained company_id in 0053, so an installation upgrading from before it has notes without their firm
-- yet: only the new key's index is built here, and db/tenant-backfill.ts makes it the primary key once the
-- column is filled.
CREATE UNIQUE INDEX IF NOT EXISTS "notes_pkey_with_firm" ON "notes" ("id","company_id");
--> statement-breakpoint
ALTER TABLE "follow_ups" DROP CONSTRAINT "follow_ups_note_id_notes_id_fk";
--> statement-breakpoint
-- A digest item belongs to its user's firm, and an internal staff member's digest holds notes of every firm,
-- which a key naming the firm cannot point at: it keeps no key into notes, and a note deleted before the
-- digest is sent is left out of it.
ALTER TABLE "notification_digest_items" DROP CONSTRAINT "notification_digest_items_note_id_notes_id_fk";
--> statement-breakpoint
-- The e-mail queue is local to the instance's database, not a firm's rows, so it keeps no key into notes: a
-- queued note deleted meanwhile is taken off the queue and finds nothing to send.
ALTER TABLE "notification_email_queue" DROP CONSTRAINT "notification_email_queue_note_id_notes_id_fk";
--> statement-breakpoint
-- Added NOT VALID and validated after the migrations by db/validate-constraints.ts, without this lock. A
-- deleted note leaves its follow-up with its firm: only note_id is set to null.
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_note_fk" FOREIGN KEY ("note_id","company_id") REFERENCES "public"."notes"("id","company_id") ON DELETE SET NULL ("note_id") ON UPDATE cascade NOT VALID;
