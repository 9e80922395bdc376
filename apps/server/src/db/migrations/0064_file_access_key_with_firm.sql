-- The audit rows of file downloads and uploads take their firm into their key, as the rows under files did
-- (decision 075, docs/scale.md rule 1): (id, company_id), the id first, so a lookup by id still uses it.
-- file_accesses gained company_id in 0053, so an installation upgrading from before it has rows without their
-- firm yet: only the new key's index is built here (about a second for 1.6 million rows), and
-- db/tenant-backfill.ts makes it the primary key once the column is filled. Nothing points at this table.
LOCK TABLE "file_accesses" IN ACCESS EXCLUSIVE MODE;
--> statement-breakpoint
CREATE UNIQUE INDEX "file_accesses_pkey_with_firm" ON "file_accesses" ("id","company_id");
