-- Every user's address in a table of its own, with the user and their firm (docs/scale.md, "Signing in by
-- e-mail"): the sign-in, a password reset and an invitation find the user through it before any firm is
-- known, and its key keeps an address to one user across every firm. That was the users' unique index on
-- lower(email), which a distributed database cannot keep on a table sharded by firm.
-- A trigger on users keeps it, in the transaction that writes the user, so every path that adds, renames,
-- moves or deletes a user keeps it right (the app's screens, the first administrator, the demo data, an
-- operator's SQL). Two users given one address in one firm or two are refused, as the index refused them.
CREATE TABLE "user_logins" (
	"email" text PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "user_logins_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
-- Users are last in 0062's order; nothing else is locked here. A few thousand rows at a million requests.
LOCK TABLE "users" IN ACCESS EXCLUSIVE MODE;
--> statement-breakpoint
INSERT INTO "user_logins" ("email", "company_id", "user_id") SELECT lower("email"), "company_id", "id" FROM "users";
--> statement-breakpoint
CREATE FUNCTION "users_sync_login"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM user_logins WHERE user_id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO user_logins (email, company_id, user_id) VALUES (lower(NEW.email), NEW.company_id, NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_sync_login" AFTER INSERT OR DELETE OR UPDATE OF "email", "company_id", "id" ON "users"
  FOR EACH ROW EXECUTE FUNCTION "users_sync_login"();
--> statement-breakpoint
DROP INDEX "users_email_lower_uq";
