ALTER TABLE "requests" ADD COLUMN "last_note_at" timestamp with time zone;--> statement-breakpoint
CREATE OR REPLACE FUNCTION requests_touch_last_note() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE requests SET last_note_at = greatest(last_note_at, NEW.created_at)
  WHERE id = NEW.request_id AND (last_note_at IS NULL OR last_note_at < NEW.created_at);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER notes_touch_request AFTER INSERT OR UPDATE OF request_id, created_at ON notes
  FOR EACH ROW EXECUTE FUNCTION requests_touch_last_note();
--> statement-breakpoint
UPDATE requests r SET last_note_at = n.newest
FROM (SELECT request_id, max(created_at) AS newest FROM notes GROUP BY request_id) n
WHERE n.request_id = r.id;
