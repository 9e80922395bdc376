-- Live updates (decision 063): every statement that writes requests, their notes or their files tells the
-- app's instances which firms' requests changed, with pg_notify on channel 'dd_changes'. A notification is
-- delivered at commit (never for a rolled-back write) to every instance listening, whichever wrote it.
-- One notification per statement, not per row: a bulk write of a million rows is one message. The payload
-- is {"t": table, "c": [company ids]}, or {"t": table, "c": null} (every firm) when too many firms changed
-- at once to fit PostgreSQL's 8,000-byte payload.
CREATE OR REPLACE FUNCTION dd_notify_changes(t text, companies integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF companies IS NULL OR cardinality(companies) = 0 THEN
    RETURN;
  END IF;
  PERFORM pg_notify('dd_changes', json_build_object(
    't', t,
    'c', CASE WHEN cardinality(companies) > 500 THEN NULL ELSE companies END
  )::text);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dd_requests_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dd_notify_changes(TG_TABLE_NAME, (SELECT array_agg(DISTINCT company_id) FROM changed_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dd_request_children_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dd_notify_changes(TG_TABLE_NAME, (
    SELECT array_agg(DISTINCT r.company_id) FROM changed_rows c JOIN requests r ON r.id = c.request_id
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER requests_inserted_notify AFTER INSERT ON requests REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dd_requests_changed();
--> statement-breakpoint
CREATE TRIGGER requests_updated_notify AFTER UPDATE ON requests REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dd_requests_changed();
--> statement-breakpoint
CREATE TRIGGER notes_inserted_notify AFTER INSERT ON notes REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dd_request_children_changed();
--> statement-breakpoint
CREATE TRIGGER notes_updated_notify AFTER UPDATE ON notes REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dd_request_children_changed();
--> statement-breakpoint
CREATE TRIGGER files_inserted_notify AFTER INSERT ON files REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dd_request_children_changed();
--> statement-breakpoint
CREATE TRIGGER files_updated_notify AFTER UPDATE ON files REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dd_request_children_changed();
