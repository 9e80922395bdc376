-- pg_trgm backs the staff list's "contains" filters on client, provider and user names.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "requests_next_todo_idx";--> statement-breakpoint
CREATE INDEX "patients_full_name_trgm_idx" ON "patients" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "providers_name_trgm_idx" ON "providers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "requests_staff_created_idx" ON "requests" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "requests"."active" and not "requests"."archived";--> statement-breakpoint
CREATE INDEX "requests_staff_todo_idx" ON "requests" USING btree ("rush" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "requests"."active" and not "requests"."archived" and "requests"."next_todo_date" is not null;--> statement-breakpoint
CREATE INDEX "requests_staff_todo_date_idx" ON "requests" USING btree ("next_todo_date","rush") WHERE "requests"."active" and not "requests"."archived";--> statement-breakpoint
CREATE INDEX "requests_staff_status_idx" ON "requests" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "requests"."active" and not "requests"."archived";--> statement-breakpoint
CREATE INDEX "requests_staff_rush_idx" ON "requests" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "requests"."rush" and "requests"."active" and not "requests"."archived";--> statement-breakpoint
CREATE INDEX "requests_staff_patient_idx" ON "requests" USING btree ("patient_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "requests"."active" and not "requests"."archived";--> statement-breakpoint
CREATE INDEX "requests_staff_company_idx" ON "requests" USING btree ("company_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "requests"."active" and not "requests"."archived";--> statement-breakpoint
CREATE INDEX "requests_staff_working_on_idx" ON "requests" USING btree ("working_on_id","status") WHERE "requests"."active" and not "requests"."archived";--> statement-breakpoint
CREATE INDEX "requests_staff_provider_idx" ON "requests" USING btree ("provider_id") WHERE "requests"."active" and not "requests"."archived";--> statement-breakpoint
CREATE INDEX "requests_staff_user_idx" ON "requests" USING btree ("user_id") WHERE "requests"."active" and not "requests"."archived";--> statement-breakpoint
CREATE INDEX "requests_staff_requester_idx" ON "requests" USING btree ("requester_id") WHERE "requests"."active" and not "requests"."archived";--> statement-breakpoint
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin ("full_name" gin_trgm_ops);