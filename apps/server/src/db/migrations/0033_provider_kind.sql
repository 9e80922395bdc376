ALTER TABLE "providers" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_kind_ck" CHECK ("providers"."kind" in ('hospital', 'physician', 'other'));