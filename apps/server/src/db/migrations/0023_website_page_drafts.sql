ALTER TABLE "website_pages" ADD COLUMN "published_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "website_pages" ADD COLUMN "draft" jsonb;--> statement-breakpoint
ALTER TABLE "website_pages" ADD COLUMN "draft_saved_at" timestamp with time zone;--> statement-breakpoint
UPDATE "website_pages" SET "published_at" = "updated_at";