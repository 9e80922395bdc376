-- Rows that may name the retrieval company's staff (a note's author, a file's verifier, whoever works a request
-- or skipped a follow-up) point at user_logins by user id instead of at users, and users' key takes the firm
-- (docs/scale.md, rules 1 and 2; decision 080). Staff belong to the internal company, so a key from a firm's
-- row into users cannot carry the row's firm; user_logins holds every user id, unique across firms, and becomes
-- a reference table, which a firm's rows may point at. Each key keeps ON DELETE SET NULL: deleting a user
-- deletes their row in user_logins (the trigger), and that clears what named them, as before.
-- Locked first, in one statement, in 0062's order (the tables that point at others before those they point at;
-- users, then user_logins, which the trigger on users writes, last).
LOCK TABLE "signing_requests", "notes", "request_type_choices", "file_accesses", "files", "requests", "authorization_checks", "fee_approvals", "follow_ups", "users", "user_logins" IN ACCESS EXCLUSIVE MODE;
--> statement-breakpoint
-- A changed address or a move to another firm now updates the user's row in place. Deleting and inserting it,
-- as 0070 did, would clear every key into it: the author of each of the user's notes, and more.
CREATE OR REPLACE FUNCTION "users_sync_login"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO user_logins (email, company_id, user_id) VALUES (lower(NEW.email), NEW.company_id, NEW.id);
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE user_logins SET email = lower(NEW.email), company_id = NEW.company_id, user_id = NEW.id
      WHERE user_id = OLD.id;
  ELSE
    DELETE FROM user_logins WHERE user_id = OLD.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
ALTER TABLE "authorization_checks" DROP CONSTRAINT "authorization_checks_checked_by_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "fee_approvals" DROP CONSTRAINT "fee_approvals_asked_by_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "fee_approvals" DROP CONSTRAINT "fee_approvals_decided_by_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "file_accesses" DROP CONSTRAINT "file_accesses_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "files" DROP CONSTRAINT "files_verified_by_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "follow_ups" DROP CONSTRAINT "follow_ups_skipped_by_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "notes" DROP CONSTRAINT "notes_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "request_type_choices" DROP CONSTRAINT "request_type_choices_receipt_by_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "requests" DROP CONSTRAINT "requests_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "requests" DROP CONSTRAINT "requests_requester_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "requests" DROP CONSTRAINT "requests_working_on_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "signing_requests" DROP CONSTRAINT "signing_requests_created_by_id_users_id_fk";
--> statement-breakpoint
-- NOT VALID: they hold for every row written from now on; db/validate-constraints.ts checks the existing
-- rows after the migrations, without blocking writes.
ALTER TABLE "authorization_checks" ADD CONSTRAINT "authorization_checks_checked_by_id_user_logins_user_id_fk" FOREIGN KEY ("checked_by_id") REFERENCES "public"."user_logins"("user_id") ON DELETE set null ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "fee_approvals" ADD CONSTRAINT "fee_approvals_asked_by_id_user_logins_user_id_fk" FOREIGN KEY ("asked_by_id") REFERENCES "public"."user_logins"("user_id") ON DELETE set null ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "fee_approvals" ADD CONSTRAINT "fee_approvals_decided_by_id_user_logins_user_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."user_logins"("user_id") ON DELETE set null ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "file_accesses" ADD CONSTRAINT "file_accesses_user_id_user_logins_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_logins"("user_id") ON DELETE set null ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_verified_by_id_user_logins_user_id_fk" FOREIGN KEY ("verified_by_id") REFERENCES "public"."user_logins"("user_id") ON DELETE set null ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_skipped_by_id_user_logins_user_id_fk" FOREIGN KEY ("skipped_by_id") REFERENCES "public"."user_logins"("user_id") ON DELETE set null ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_user_id_user_logins_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_logins"("user_id") ON DELETE set null ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "request_type_choices" ADD CONSTRAINT "request_type_choices_receipt_by_id_user_logins_user_id_fk" FOREIGN KEY ("receipt_by_id") REFERENCES "public"."user_logins"("user_id") ON DELETE set null ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_user_id_user_logins_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_logins"("user_id") ON DELETE set null ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_requester_id_user_logins_user_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."user_logins"("user_id") ON DELETE set null ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_working_on_id_user_logins_user_id_fk" FOREIGN KEY ("working_on_id") REFERENCES "public"."user_logins"("user_id") ON DELETE set null ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "signing_requests" ADD CONSTRAINT "signing_requests_created_by_id_user_logins_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."user_logins"("user_id") ON DELETE set null ON UPDATE no action NOT VALID;
--> statement-breakpoint
-- The key with the firm already has its index (what a user's own rows point at), so it becomes the key.
ALTER TABLE "users" DROP CONSTRAINT "users_pkey";
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_pkey" PRIMARY KEY USING INDEX "users_id_company_uq";
