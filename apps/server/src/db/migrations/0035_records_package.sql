CREATE TABLE "bates_counters" (
	"patient_id" integer PRIMARY KEY NOT NULL,
	"next_number" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "bates_counters_next_ck" CHECK ("bates_counters"."next_number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "bates_ranges" (
	"file_id" integer PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"prefix" text NOT NULL,
	"first_number" integer NOT NULL,
	"last_number" integer NOT NULL,
	"stamped_url" text,
	"stamped_sha256" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bates_ranges_patient_first_uq" UNIQUE("patient_id","first_number"),
	CONSTRAINT "bates_ranges_patient_last_uq" UNIQUE("patient_id","last_number"),
	CONSTRAINT "bates_ranges_order_ck" CHECK ("bates_ranges"."first_number" >= 1 and "bates_ranges"."last_number" >= "bates_ranges"."first_number")
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "bates_prefix" text;--> statement-breakpoint
ALTER TABLE "bates_counters" ADD CONSTRAINT "bates_counters_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bates_ranges" ADD CONSTRAINT "bates_ranges_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bates_ranges" ADD CONSTRAINT "bates_ranges_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bates_ranges_unstamped_idx" ON "bates_ranges" USING btree ("file_id") WHERE "bates_ranges"."stamped_url" is null;--> statement-breakpoint
CREATE INDEX "files_request_sha256_idx" ON "files" USING btree ("request_id","sha256");--> statement-breakpoint
CREATE INDEX "files_sha256_missing_idx" ON "files" USING btree ("id") WHERE "files"."sha256" is null;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_sha256_ck" CHECK ("files"."sha256" is null or "files"."sha256" ~ '^[0-9a-f]{64}$');--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_bates_prefix_ck" CHECK ("patients"."bates_prefix" is null or "patients"."bates_prefix" ~ '^[A-Z]{2,8}$');