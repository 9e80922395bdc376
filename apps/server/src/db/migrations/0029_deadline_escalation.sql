-- The staff list's Legal Due Date column (each way), the escalation counts (due soon and overdue per staff
-- member and per firm, read from the index alone) and a firm user's weekly deadline digest (their choice and the
-- week it was last sent, so two instances never send it twice).
ALTER TABLE "users" ADD COLUMN "weekly_deadline_digest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deadline_digest_week" text;--> statement-breakpoint
CREATE INDEX "requests_staff_due_asc_idx" ON "requests" USING btree ("archived","due_date" asc nulls last,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "requests"."active";--> statement-breakpoint
CREATE INDEX "requests_staff_due_desc_idx" ON "requests" USING btree ("archived","due_date" desc nulls last,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "requests"."active";--> statement-breakpoint
CREATE INDEX "requests_due_date_escalation_idx" ON "requests" USING btree ("due_date","working_on_id","company_id","archived") WHERE "requests"."active" and "requests"."due_date" is not null and "requests"."status" in ('Requested By Lawyer', 'Sent the Initial Medical Records Request', 'In Contact With Provider', 'Provider Is Sending Documents', 'Need Assistance', 'Waiting for Direct Docs Response');--> statement-breakpoint
CREATE INDEX "users_deadline_digest_idx" ON "users" USING btree ("id") WHERE "users"."weekly_deadline_digest";