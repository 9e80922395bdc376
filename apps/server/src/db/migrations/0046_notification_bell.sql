ALTER TABLE "users" ADD COLUMN "notifications_seen_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "notes_created_idx" ON "notes" USING btree ("created_at");