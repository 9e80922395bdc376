-- The request's firm joins its key, and every row about a request names both (docs/scale.md, rules 1 and 2).
-- The new key's index is built first, then each step is a catalog change: the tables wait about a second at a
-- million requests (bench/RESULTS.md). The new foreign keys are added NOT VALID, so they hold for every row
-- written from now on without reading the existing ones here; db/validate-constraints.ts checks those after
-- the migrations, without blocking writes.
-- Every table it changes is locked first, in one statement, the tables that point at requests before
-- requests: a running statement that has read requests and then writes it (a note's triggers) would
-- otherwise wait behind the index build while holding what the later ALTERs need, a deadlock.
LOCK TABLE "authorization_checks", "invoices", "fee_approvals", "files", "follow_ups", "notes", "record_indexing", "record_pages", "request_type_choices", "requests" IN ACCESS EXCLUSIVE MODE;
--> statement-breakpoint
CREATE UNIQUE INDEX "requests_pkey_with_firm" ON "requests" ("id","company_id");
--> statement-breakpoint
ALTER TABLE "authorization_checks" DROP CONSTRAINT "authorization_checks_request_id_requests_id_fk";
--> statement-breakpoint
ALTER TABLE "authorization_checks" ADD CONSTRAINT "authorization_checks_request_fk" FOREIGN KEY ("request_id","company_id") REFERENCES "public"."requests"("id","company_id") ON DELETE cascade ON UPDATE cascade NOT VALID;
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_request_id_requests_id_fk";
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_request_fk" FOREIGN KEY ("request_id","company_id") REFERENCES "public"."requests"("id","company_id") ON DELETE restrict ON UPDATE cascade NOT VALID;
--> statement-breakpoint
ALTER TABLE "fee_approvals" DROP CONSTRAINT "fee_approvals_request_id_requests_id_fk";
--> statement-breakpoint
ALTER TABLE "fee_approvals" ADD CONSTRAINT "fee_approvals_request_fk" FOREIGN KEY ("request_id","company_id") REFERENCES "public"."requests"("id","company_id") ON DELETE cascade ON UPDATE cascade NOT VALID;
--> statement-breakpoint
ALTER TABLE "files" DROP CONSTRAINT "files_request_id_requests_id_fk";
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_request_fk" FOREIGN KEY ("request_id","company_id") REFERENCES "public"."requests"("id","company_id") ON DELETE restrict ON UPDATE cascade NOT VALID;
--> statement-breakpoint
ALTER TABLE "follow_ups" DROP CONSTRAINT "follow_ups_request_id_requests_id_fk";
--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_request_fk" FOREIGN KEY ("request_id","company_id") REFERENCES "public"."requests"("id","company_id") ON DELETE cascade ON UPDATE cascade NOT VALID;
--> statement-breakpoint
ALTER TABLE "notes" DROP CONSTRAINT "notes_request_id_requests_id_fk";
--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_request_fk" FOREIGN KEY ("request_id","company_id") REFERENCES "public"."requests"("id","company_id") ON DELETE cascade ON UPDATE cascade NOT VALID;
--> statement-breakpoint
ALTER TABLE "record_indexing" DROP CONSTRAINT "record_indexing_request_id_requests_id_fk";
--> statement-breakpoint
ALTER TABLE "record_indexing" ADD CONSTRAINT "record_indexing_request_fk" FOREIGN KEY ("request_id","company_id") REFERENCES "public"."requests"("id","company_id") ON DELETE cascade ON UPDATE cascade NOT VALID;
--> statement-breakpoint
ALTER TABLE "record_pages" DROP CONSTRAINT "record_pages_request_id_requests_id_fk";
--> statement-breakpoint
ALTER TABLE "record_pages" ADD CONSTRAINT "record_pages_request_fk" FOREIGN KEY ("request_id","company_id") REFERENCES "public"."requests"("id","company_id") ON DELETE cascade ON UPDATE cascade NOT VALID;
--> statement-breakpoint
ALTER TABLE "request_type_choices" DROP CONSTRAINT "request_type_choices_request_id_requests_id_fk";
--> statement-breakpoint
ALTER TABLE "request_type_choices" ADD CONSTRAINT "request_type_choices_request_fk" FOREIGN KEY ("request_id","company_id") REFERENCES "public"."requests"("id","company_id") ON DELETE cascade ON UPDATE cascade NOT VALID;
--> statement-breakpoint
ALTER TABLE "requests" DROP CONSTRAINT "requests_pkey";
--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_pkey" PRIMARY KEY USING INDEX "requests_pkey_with_firm";
