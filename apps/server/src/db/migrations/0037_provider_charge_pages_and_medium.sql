ALTER TABLE "requests" ADD COLUMN "provider_pages" integer;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "provider_medium" text;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_provider_medium_ck" CHECK ("requests"."provider_medium" in ('paper', 'electronic', 'films'));--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_provider_pages_ck" CHECK ("requests"."provider_pages" >= 0);