-- Every path of the staff list at a million requests (decision 046): the newest-first and per-client
-- indexes carry every column a filter reads; the Archived view and the Next Reminder column (each way) get
-- their own; internal numbers and form links are found through an index. Built in the migration's
-- transaction: writes to requests wait while they build (about 10-30 s per million requests here).
DROP INDEX "requests_staff_created_idx";--> statement-breakpoint
DROP INDEX "requests_staff_patient_idx";--> statement-breakpoint
CREATE INDEX "patients_hipaa_consent_url_idx" ON "patients" USING btree ("hipaa_consent_url") WHERE "patients"."hipaa_consent_url" is not null;--> statement-breakpoint
CREATE INDEX "providers_medical_request_url_idx" ON "providers" USING btree ("medical_request_url") WHERE "providers"."medical_request_url" is not null;--> statement-breakpoint
CREATE INDEX "requests_staff_archived_idx" ON "requests" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"provider_id","user_id","requester_id","patient_id","company_id","working_on_id","status","rush","next_todo_date","closed_date","completed_date","new_provider") WHERE "requests"."active" and "requests"."archived";--> statement-breakpoint
CREATE INDEX "requests_staff_archived_patient_idx" ON "requests" USING btree ("patient_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "requests"."active" and "requests"."archived";--> statement-breakpoint
CREATE INDEX "requests_staff_reminder_asc_idx" ON "requests" USING btree ("archived","next_todo_date" asc nulls last,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "requests"."active";--> statement-breakpoint
CREATE INDEX "requests_staff_reminder_desc_idx" ON "requests" USING btree ("archived","next_todo_date" desc nulls last,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "requests"."active";--> statement-breakpoint
CREATE INDEX "requests_internal_number_trgm_idx" ON "requests" USING gin ("internal_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "requests_hipaa_consent_url_idx" ON "requests" USING btree ("hipaa_consent_url") WHERE "requests"."hipaa_consent_url" is not null;--> statement-breakpoint
CREATE INDEX "requests_intake_form_url_idx" ON "requests" USING btree ("intake_form_url") WHERE "requests"."intake_form_url" is not null;--> statement-breakpoint
CREATE INDEX "requests_staff_created_idx" ON "requests" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"provider_id","user_id","requester_id","patient_id","company_id","working_on_id","status","rush","next_todo_date","closed_date","completed_date","new_provider") WHERE "requests"."active" and not "requests"."archived";--> statement-breakpoint
CREATE INDEX "requests_staff_patient_idx" ON "requests" USING btree ("patient_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"provider_id","user_id","requester_id","company_id","working_on_id","status","rush","next_todo_date","closed_date","completed_date","new_provider") WHERE "requests"."active" and not "requests"."archived";