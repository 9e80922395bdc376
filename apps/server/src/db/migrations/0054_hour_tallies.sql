CREATE TABLE "request_hour_tallies" (
	"kind" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"n" integer NOT NULL,
	"days" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "request_hour_tallies_kind_hour_idx" ON "request_hour_tallies" USING btree ("kind","hour");--> statement-breakpoint
-- What an active request counts towards in the hourly tallies (schema/tallies.ts). `open` is isOpenStatus of
-- packages/shared/statuses.ts: anything not completed, closed or 'No Records Found' (a test checks they agree).
CREATE OR REPLACE FUNCTION request_hour_rows(r requests, sign integer) RETURNS SETOF request_hour_tallies
LANGUAGE sql STABLE AS $$
  SELECT v.kind, date_trunc('hour', v.at, 'UTC'), sign, sign * v.days
  FROM (VALUES
    ('created', r.created_at, 0::bigint),
    ('open', CASE WHEN NOT (r.status LIKE 'Completed%' OR r.status LIKE 'Closed%' OR r.status = 'No Records Found')
      THEN r.created_at END, 0::bigint),
    ('finished', coalesce(r.closed_date, r.completed_date), 0::bigint),
    ('received', r.received_document_at,
      coalesce(floor(extract(epoch FROM (r.received_document_at - r.created_at)) / 86400), 0)::bigint)
  ) v(kind, at, days)
  WHERE r.active AND v.at IS NOT NULL
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION requests_hour_tally() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO request_hour_tallies SELECT * FROM request_hour_rows(OLD, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO request_hour_tallies SELECT * FROM request_hour_rows(NEW, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER requests_hour_tally_insert_delete AFTER INSERT OR DELETE ON requests
  FOR EACH ROW EXECUTE FUNCTION requests_hour_tally();
--> statement-breakpoint
CREATE TRIGGER requests_hour_tally_update AFTER UPDATE ON requests
  FOR EACH ROW WHEN (
    (OLD.active, OLD.status, OLD.created_at, OLD.closed_date, OLD.completed_date, OLD.received_document_at)
    IS DISTINCT FROM
    (NEW.active, NEW.status, NEW.created_at, NEW.closed_date, NEW.completed_date, NEW.received_document_at)
  ) EXECUTE FUNCTION requests_hour_tally();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rebuild_request_tallies() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE requests r SET billed_price = b.total
  FROM (SELECT request_id, sum(price)::bigint AS total FROM invoices WHERE bill_id IS NOT NULL GROUP BY request_id) b
  WHERE b.request_id = r.id AND r.billed_price IS DISTINCT FROM b.total;
  DELETE FROM request_tallies;
  INSERT INTO request_tallies
  SELECT t.by_worker, t.group_id, t.status, t.rush, sum(t.n), sum(t.received), sum(t.turnaround), sum(t.billed),
    sum(t.billed_sum)::bigint, sum(t.quoted_sum)::bigint
  FROM requests r CROSS JOIN LATERAL request_tally_rows(r, 1) t
  GROUP BY 1, 2, 3, 4;
  DELETE FROM request_hour_tallies;
  INSERT INTO request_hour_tallies
  SELECT t.kind, t.hour, sum(t.n), sum(t.days)
  FROM requests r CROSS JOIN LATERAL request_hour_rows(r, 1) t
  GROUP BY 1, 2;
END $$;
--> statement-breakpoint
-- The trigger exists before this read, and this transaction holds the lock that creating it took, so no write
-- falls between the two.
INSERT INTO request_hour_tallies
SELECT t.kind, t.hour, sum(t.n), sum(t.days)
FROM requests r CROSS JOIN LATERAL request_hour_rows(r, 1) t
GROUP BY 1, 2;
