ALTER TABLE "requests" ADD COLUMN "provider_clerical_minutes" integer;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "provider_postage" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_provider_clerical_minutes_ck" CHECK ("requests"."provider_clerical_minutes" >= 0);--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_provider_postage_ck" CHECK ("requests"."provider_postage" >= 0);