-- Rows that may name the retrieval company's staff (a note's author, a file's verifier, whoever works a request
-- or skipped a follow-up) point at the user's row in user_logins, now user_directory, by user id instead of at
-- users, and users' key takes the firm (docs/scale.md, rules 1 and 2; decision 080). Staff belong to the
-- internal company, so a key from a firm's row into users cannot carry the row's firm; the directory holds
-- every user id, unique across firms, and becomes a reference table, which a firm's rows may point at. It
-- gains each user's name and whether they are active, so the joins that show who wrote a note or verified a
-- file read it and stay on the firm's shard too. Each key keeps ON DELETE SET NULL: deleting a user deletes
-- their row in the directory (the trigger), and that clears what named them, as before.
-- Locked first, in one statement, in 0062's order (the tables that point at others before those they point at;
-- users, then user_logins, which the trigger on users writes, last).
LOCK TABLE "signing_requests", "notes", "request_type_choices", "file_accesses", "files", "requests", "authorization_checks", "fee_approvals", "follow_ups", "users", "user_logins" IN ACCESS EXCLUSIVE MODE;
--> statement-breakpoint
ALTER TABLE "user_logins" RENAME TO "user_directory";
--> statement-breakpoint
-- Keyed by the user. The address is kept as written, as on the user's own row, and stays unique across firms
-- by its lower-cased form. A few thousand rows at a million requests.
ALTER TABLE "user_directory" DROP CONSTRAINT "user_logins_pkey", DROP CONSTRAINT "user_logins_user_id_unique", ADD CONSTRAINT "user_directory_pkey" PRIMARY KEY ("user_id"), ADD COLUMN "first_name" text, ADD COLUMN "last_name" text, ADD COLUMN "full_name" text, ADD COLUMN "is_active" boolean;
--> statement-breakpoint
UPDATE "user_directory" d SET "email" = u."email", "first_name" = u."first_name", "last_name" = u."last_name", "full_name" = u."full_name", "is_active" = u."is_active" FROM "users" u WHERE u."id" = d."user_id";
--> statement-breakpoint
ALTER TABLE "user_directory" ALTER COLUMN "first_name" SET NOT NULL, ALTER COLUMN "last_name" SET NOT NULL, ALTER COLUMN "full_name" SET NOT NULL, ALTER COLUMN "is_active" SET NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "user_directory_email_uq" ON "user_directory" USING btree (lower("email"));
--> statement-breakpoint
-- The previous release signs people in, resets passwords and checks invitations by reading user_logins: its
-- instances keep doing so, through this view, until the new release replaces them. Nothing of this release
-- reads it.
CREATE VIEW "user_logins" AS SELECT lower("email") AS "email", "company_id", "user_id" FROM "user_directory";
--> statement-breakpoint
DROP TRIGGER "users_sync_login" ON "users";
--> statement-breakpoint
DROP FUNCTION "users_sync_login"();
--> statement-breakpoint
-- A changed address, name or firm updates the user's row in place. Deleting and inserting it, as 0070 did,
-- would clear every key into it: the author of each of the user's notes, and more.
CREATE FUNCTION "users_sync_directory"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO user_directory (email, company_id, user_id, first_name, last_name, full_name, is_active)
      VALUES (NEW.email, NEW.company_id, NEW.id, NEW.first_name, NEW.last_name, NEW.full_name, NEW.is_active);
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE user_directory SET email = NEW.email, company_id = NEW.company_id, user_id = NEW.id,
        first_name = NEW.first_name, last_name = NEW.last_name, full_name = NEW.full_name, is_active = NEW.is_active
      WHERE user_id = OLD.id;
  ELSE
    DELETE FROM user_directory WHERE user_id = OLD.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_sync_directory" AFTER INSERT OR DELETE OR UPDATE OF "email", "company_id", "id", "first_name", "last_name", "is_active" ON "users"
  FOR EACH ROW EXECUTE FUNCTION "users_sync_directory"();
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
ALTER TABLE "authorization_checks" ADD CONSTRAINT "authorization_checks_checked_by_id_user_directory_user_id_fk" FOREIGN KEY ("checked_by_id") REFERENCES "public"."user_directory"("user_id") ON DELETE set null ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "fee_approvals" ADD CONSTRAINT "fee_approvals_asked_by_id_user_directory_user_id_fk" FOREIGN KEY ("asked_by_id") REFERENCES "public"."user_directory"("user_id") ON DELETE set null ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "fee_approvals" ADD CONSTRAINT "fee_approvals_decided_by_id_user_directory_user_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."user_directory"("user_id") ON DELETE set null ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "file_accesses" ADD CONSTRAINT "file_accesses_user_id_user_directory_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_directory"("user_id") ON DELETE set null ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_verified_by_id_user_directory_user_id_fk" FOREIGN KEY ("verified_by_id") REFERENCES "public"."user_directory"("user_id") ON DELETE set null ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_skipped_by_id_user_directory_user_id_fk" FOREIGN KEY ("skipped_by_id") REFERENCES "public"."user_directory"("user_id") ON DELETE set null ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_user_id_user_directory_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_directory"("user_id") ON DELETE set null ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "request_type_choices" ADD CONSTRAINT "request_type_choices_receipt_by_id_user_directory_user_id_fk" FOREIGN KEY ("receipt_by_id") REFERENCES "public"."user_directory"("user_id") ON DELETE set null ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_user_id_user_directory_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_directory"("user_id") ON DELETE set null ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_requester_id_user_directory_user_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."user_directory"("user_id") ON DELETE set null ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_working_on_id_user_directory_user_id_fk" FOREIGN KEY ("working_on_id") REFERENCES "public"."user_directory"("user_id") ON DELETE set null ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "signing_requests" ADD CONSTRAINT "signing_requests_created_by_id_user_directory_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."user_directory"("user_id") ON DELETE set null ON UPDATE no action NOT VALID;
--> statement-breakpoint
-- The key with the firm already has its index (what a user's own rows point at), so it becomes the key.
ALTER TABLE "users" DROP CONSTRAINT "users_pkey";
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_pkey" PRIMARY KEY USING INDEX "users_id_company_uq";
