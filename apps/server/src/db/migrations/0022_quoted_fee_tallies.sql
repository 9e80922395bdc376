ALTER TABLE "request_tallies" ADD COLUMN "quoted_sum" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION request_tally_rows(r requests, sign integer) RETURNS SETOF request_tallies
LANGUAGE sql IMMUTABLE AS $$
  SELECT v.by_worker, v.group_id, r.status, r.rush, sign,
    sign * (r.received_document_at IS NOT NULL)::int,
    sign * coalesce(floor(extract(epoch FROM (r.received_document_at - r.created_at)) / 86400), 0)::bigint,
    sign * (r.billed_price IS NOT NULL)::int,
    sign * coalesce(r.billed_price, 0),
    sign * CASE WHEN r.billed_price IS NULL THEN r.price ELSE 0 END
  FROM (VALUES (false, r.company_id), (true, coalesce(r.working_on_id, 0))) v(by_worker, group_id)
  WHERE r.active
$$;
--> statement-breakpoint
DROP TRIGGER requests_tally_update ON requests;
--> statement-breakpoint
CREATE TRIGGER requests_tally_update AFTER UPDATE ON requests
  FOR EACH ROW WHEN (
    (OLD.active, OLD.company_id, OLD.working_on_id, OLD.status, OLD.rush, OLD.created_at,
      OLD.received_document_at, OLD.billed_price, OLD.price)
    IS DISTINCT FROM
    (NEW.active, NEW.company_id, NEW.working_on_id, NEW.status, NEW.rush, NEW.created_at,
      NEW.received_document_at, NEW.billed_price, NEW.price)
  ) EXECUTE FUNCTION requests_tally();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rebuild_request_tallies() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE requests r SET billed_price = b.total
  FROM (SELECT request_id, sum(price) AS total FROM invoices WHERE bill_id IS NOT NULL GROUP BY request_id) b
  WHERE b.request_id = r.id AND r.billed_price IS DISTINCT FROM b.total;
  DELETE FROM request_tallies;
  INSERT INTO request_tallies
  SELECT t.by_worker, t.group_id, t.status, t.rush, sum(t.n), sum(t.received), sum(t.turnaround), sum(t.billed),
    sum(t.billed_sum), sum(t.quoted_sum)
  FROM requests r CROSS JOIN LATERAL request_tally_rows(r, 1) t
  GROUP BY 1, 2, 3, 4;
END $$;
--> statement-breakpoint
SELECT rebuild_request_tallies();
