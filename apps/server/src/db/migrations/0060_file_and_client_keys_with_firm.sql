-- Files and clients take their firm into their keys, as requests did in 0059 (decision 075): each new key's
-- index is built first, the foreign keys are swapped NOT VALID (db/validate-constraints.ts checks the
-- existing rows after the migrations), then the primary keys are swapped onto the new indexes. An
-- installation upgrading from before 0053 still has files without their firm at this point, so the files'
-- key is swapped by db/tenant-backfill.ts once the column is filled and NOT NULL.
-- Locked first, children before parents, for the reason 0059 gives.
LOCK TABLE "bates_counters", "bates_ranges", "file_accesses", "record_indexing", "record_pages", "signing_requests", "requests", "files", "patients" IN ACCESS EXCLUSIVE MODE;
--> statement-breakpoint
CREATE UNIQUE INDEX "files_pkey_with_firm" ON "files" ("id","company_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "patients_pkey_with_firm" ON "patients" ("id","company_id");
--> statement-breakpoint
ALTER TABLE "bates_ranges" DROP CONSTRAINT "bates_ranges_file_id_files_id_fk";
--> statement-breakpoint
ALTER TABLE "file_accesses" DROP CONSTRAINT "file_accesses_file_id_files_id_fk";
--> statement-breakpoint
ALTER TABLE "record_indexing" DROP CONSTRAINT "record_indexing_file_id_files_id_fk";
--> statement-breakpoint
ALTER TABLE "record_pages" DROP CONSTRAINT "record_pages_file_id_files_id_fk";
--> statement-breakpoint
ALTER TABLE "bates_counters" DROP CONSTRAINT "bates_counters_patient_id_patients_id_fk";
--> statement-breakpoint
ALTER TABLE "bates_ranges" DROP CONSTRAINT "bates_ranges_patient_id_patients_id_fk";
--> statement-breakpoint
ALTER TABLE "signing_requests" DROP CONSTRAINT "signing_requests_patient_id_patients_id_fk";
--> statement-breakpoint
ALTER TABLE "requests" DROP CONSTRAINT "requests_patient_company_fk";
--> statement-breakpoint
ALTER TABLE "patients" DROP CONSTRAINT "patients_pkey";
--> statement-breakpoint
ALTER TABLE "patients" DROP CONSTRAINT "patients_id_company_uq";
--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_pkey" PRIMARY KEY USING INDEX "patients_pkey_with_firm";
--> statement-breakpoint
ALTER TABLE "bates_ranges" ADD CONSTRAINT "bates_ranges_file_fk" FOREIGN KEY ("file_id","company_id") REFERENCES "public"."files"("id","company_id") ON DELETE restrict ON UPDATE cascade NOT VALID;
--> statement-breakpoint
ALTER TABLE "file_accesses" ADD CONSTRAINT "file_accesses_file_fk" FOREIGN KEY ("file_id","company_id") REFERENCES "public"."files"("id","company_id") ON DELETE restrict ON UPDATE cascade NOT VALID;
--> statement-breakpoint
ALTER TABLE "record_indexing" ADD CONSTRAINT "record_indexing_file_fk" FOREIGN KEY ("file_id","company_id") REFERENCES "public"."files"("id","company_id") ON DELETE cascade ON UPDATE cascade NOT VALID;
--> statement-breakpoint
ALTER TABLE "record_pages" ADD CONSTRAINT "record_pages_file_fk" FOREIGN KEY ("file_id","company_id") REFERENCES "public"."files"("id","company_id") ON DELETE cascade ON UPDATE cascade NOT VALID;
--> statement-breakpoint
ALTER TABLE "bates_counters" ADD CONSTRAINT "bates_counters_patient_fk" FOREIGN KEY ("patient_id","company_id") REFERENCES "public"."patients"("id","company_id") ON DELETE restrict ON UPDATE cascade NOT VALID;
--> statement-breakpoint
ALTER TABLE "bates_ranges" ADD CONSTRAINT "bates_ranges_patient_fk" FOREIGN KEY ("patient_id","company_id") REFERENCES "public"."patients"("id","company_id") ON DELETE restrict ON UPDATE cascade NOT VALID;
--> statement-breakpoint
ALTER TABLE "signing_requests" ADD CONSTRAINT "signing_requests_patient_fk" FOREIGN KEY ("patient_id","company_id") REFERENCES "public"."patients"("id","company_id") ON DELETE cascade ON UPDATE cascade NOT VALID;
--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_patient_company_fk" FOREIGN KEY ("patient_id","company_id") REFERENCES "public"."patients"("id","company_id") ON DELETE no action ON UPDATE cascade NOT VALID;
