-- A website page version keeps the name of whoever published over it, and no longer has a key into users:
-- website pages are reference data, copied to every node of a distributed database, and users are not, so
-- the key would break docs/scale.md's rule 3. The name also keeps the history readable after that account is
-- deleted (the key set it to null). The table holds a few rows per published page.
LOCK TABLE "website_page_versions", "users" IN ACCESS EXCLUSIVE MODE;
--> statement-breakpoint
ALTER TABLE "website_page_versions" ADD COLUMN "saved_by_name" text;
--> statement-breakpoint
UPDATE "website_page_versions" v SET "saved_by_name" = u."full_name" FROM "users" u WHERE u."id" = v."saved_by_id";
--> statement-breakpoint
ALTER TABLE "website_page_versions" DROP CONSTRAINT "website_page_versions_saved_by_id_users_id_fk";
