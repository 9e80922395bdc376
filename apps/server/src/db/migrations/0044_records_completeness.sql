ALTER TABLE "request_type_choices" ADD COLUMN "receipt" text;--> statement-breakpoint
ALTER TABLE "request_type_choices" ADD COLUMN "receipt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "request_type_choices" ADD COLUMN "receipt_by_id" integer;--> statement-breakpoint
ALTER TABLE "request_type_choices" ADD CONSTRAINT "request_type_choices_receipt_by_id_users_id_fk" FOREIGN KEY ("receipt_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_type_choices" ADD CONSTRAINT "request_type_choices_receipt_ck" CHECK ("request_type_choices"."receipt" is null or "request_type_choices"."receipt" in ('received', 'partial', 'none'));