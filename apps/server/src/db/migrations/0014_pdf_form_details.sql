ALTER TABLE "pdf_form_pages" ADD COLUMN "width" double precision DEFAULT 612 NOT NULL;--> statement-breakpoint
ALTER TABLE "pdf_form_pages" ADD COLUMN "height" double precision DEFAULT 792 NOT NULL;--> statement-breakpoint
ALTER TABLE "pdf_forms" ADD COLUMN "include_ssn" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pdf_forms" ADD CONSTRAINT "pdf_forms_owner_ck" CHECK (("pdf_forms"."kind" = 'company' and "pdf_forms"."company_id" is not null and "pdf_forms"."provider_id" is null)
        or ("pdf_forms"."kind" = 'provider' and "pdf_forms"."provider_id" is not null and "pdf_forms"."company_id" is null));