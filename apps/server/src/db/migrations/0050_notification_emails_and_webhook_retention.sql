CREATE TABLE "notification_digest_items" (
	"user_id" integer NOT NULL,
	"note_id" integer NOT NULL,
	CONSTRAINT "notification_digest_items_user_id_note_id_pk" PRIMARY KEY("user_id","note_id")
);
--> statement-breakpoint
CREATE TABLE "notification_email_prefs" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"choice" text NOT NULL,
	CONSTRAINT "notification_email_prefs_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "notification_email_prefs_kind_ck" CHECK ("notification_email_prefs"."kind" in ('status_change', 'records_arrived', 'note')),
	CONSTRAINT "notification_email_prefs_choice_ck" CHECK ("notification_email_prefs"."choice" in ('immediately', 'daily', 'never'))
);
--> statement-breakpoint
CREATE TABLE "notification_email_queue" (
	"note_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notification_digest_day" text;--> statement-breakpoint
ALTER TABLE "notification_digest_items" ADD CONSTRAINT "notification_digest_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_digest_items" ADD CONSTRAINT "notification_digest_items_note_id_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_email_prefs" ADD CONSTRAINT "notification_email_prefs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_email_queue" ADD CONSTRAINT "notification_email_queue_note_id_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_created_idx" ON "webhook_deliveries" USING btree ("created_at");--> statement-breakpoint
-- Notification e-mails (decision 065): every statement that writes notes queues the new ones for the chore
-- that e-mails them to the users who chose so, whichever code wrote them. Only while someone chose an
-- e-mail at all, and only notes written now: a split copying a request's old history is no news.
CREATE OR REPLACE FUNCTION dd_queue_note_emails() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM notification_email_prefs WHERE choice <> 'never') THEN
    INSERT INTO notification_email_queue (note_id)
      SELECT id FROM new_notes WHERE created_at > now() - interval '1 hour'
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER notes_inserted_queue_emails AFTER INSERT ON notes REFERENCING NEW TABLE AS new_notes
  FOR EACH STATEMENT EXECUTE FUNCTION dd_queue_note_emails();
