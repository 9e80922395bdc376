-- Legal deadlines (docs/deadlines.md): each request's legal basis, its due date, the rule that set it and a
-- recorded extension notice. The columns take no table rewrite (a constant default); the check reads the
-- table once, about a second per million requests, while writes to requests wait.
ALTER TABLE "requests" ADD COLUMN "legal_basis" text DEFAULT 'authorization' NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "due_date" date;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "deadline_rule" text;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "extension_notice_on" date;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_legal_basis_ck" CHECK ("requests"."legal_basis" in ('patient_access', 'authorization', 'subpoena'));