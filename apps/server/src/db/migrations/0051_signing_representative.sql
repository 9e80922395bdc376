ALTER TABLE "signing_requests" ADD COLUMN "representative_relationship" text;--> statement-breakpoint
ALTER TABLE "signing_requests" ADD COLUMN "representative_authority" text;--> statement-breakpoint
ALTER TABLE "signing_requests" ADD CONSTRAINT "signing_requests_representative_ck" CHECK ("signing_requests"."representative_relationship" in ('parent', 'guardian', 'healthcare_poa', 'estate'));