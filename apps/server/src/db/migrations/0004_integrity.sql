ALTER TABLE "invoices" DROP CONSTRAINT "invoices_request_id_requests_id_fk";
--> statement-breakpoint
ALTER TABLE "file_accesses" DROP CONSTRAINT "file_accesses_file_id_files_id_fk";
--> statement-breakpoint
ALTER TABLE "files" DROP CONSTRAINT "files_request_id_requests_id_fk";
--> statement-breakpoint
ALTER TABLE "file_accesses" ALTER COLUMN "file_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "file_accesses" ADD COLUMN "file_key" text;--> statement-breakpoint
-- Backfill: every existing access row names the stored key of its file (hand-written).
UPDATE "file_accesses" SET "file_key" = "files"."url" FROM "files" WHERE "files"."id" = "file_accesses"."file_id";--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_accesses" ADD CONSTRAINT "file_accesses_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_accesses_key_idx" ON "file_accesses" USING btree ("file_key");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_money_ck" CHECK ("invoices"."price" >= 0 and "invoices"."provider_cost" >= 0 and "invoices"."page_fee" >= 0 and "invoices"."auto_added_surcharge" >= 0);--> statement-breakpoint
ALTER TABLE "price_settings" ADD CONSTRAINT "price_settings_money_ck" CHECK ("price_settings"."completed_documents_arrived" >= 0 and "price_settings"."completed_documents_unavailable" >= 0 and "price_settings"."closed_documents_arrived" >= 0 and "price_settings"."closed_documents_unavailable" >= 0 and "price_settings"."cancelled" >= 0 and "price_settings"."rush" >= 0 and "price_settings"."closed_originally_no_document" >= 0);--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_request_price_ck" CHECK ("companies"."request_price" >= 0);--> statement-breakpoint
ALTER TABLE "file_accesses" ADD CONSTRAINT "file_accesses_target_ck" CHECK ("file_accesses"."file_id" is not null or "file_accesses"."file_key" is not null);--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_status_ck" CHECK ("email_outbox"."status" in ('pending', 'sent', 'failed'));--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_update_status_ck" CHECK ("notes"."update_status" in ('Requested By Lawyer', 'Sent the Initial Medical Records Request', 'In Contact With Provider', 'Provider Is Sending Documents', 'Need Assistance', 'Waiting for Direct Docs Response', 'Completed - Documents Arrived', 'Completed - No Documents Available', 'Closed - Documents Arrived', 'Closed - No Documents Available', 'Closed - Originally no document found/now document arrived', 'Closed - Cancelled Request'));--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_previous_status_ck" CHECK ("notes"."previous_status" in ('Requested By Lawyer', 'Sent the Initial Medical Records Request', 'In Contact With Provider', 'Provider Is Sending Documents', 'Need Assistance', 'Waiting for Direct Docs Response', 'Completed - Documents Arrived', 'Completed - No Documents Available', 'Closed - Documents Arrived', 'Closed - No Documents Available', 'Closed - Originally no document found/now document arrived', 'Closed - Cancelled Request'));--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_status_ck" CHECK ("requests"."status" in ('Requested By Lawyer', 'Sent the Initial Medical Records Request', 'In Contact With Provider', 'Provider Is Sending Documents', 'Need Assistance', 'Waiting for Direct Docs Response', 'Completed - Documents Arrived', 'Completed - No Documents Available', 'Closed - Documents Arrived', 'Closed - No Documents Available', 'Closed - Originally no document found/now document arrived', 'Closed - Cancelled Request'));--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_money_ck" CHECK ("requests"."price" >= 0 and "requests"."provider_cost" >= 0 and "requests"."page_fee" >= 0);--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_purpose_ck" CHECK ("one_time_tokens"."purpose" in ('reset', 'invite', 'confirm'));