CREATE TABLE "request_tallies" (
	"by_worker" boolean NOT NULL,
	"group_id" integer NOT NULL,
	"status" text NOT NULL,
	"rush" boolean NOT NULL,
	"n" integer NOT NULL,
	"received" integer NOT NULL,
	"turnaround" bigint NOT NULL,
	"billed" integer NOT NULL,
	"billed_sum" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "billed_price" numeric(12, 2);--> statement-breakpoint
CREATE INDEX "request_tallies_group_idx" ON "request_tallies" USING btree ("by_worker","group_id","status","rush");--> statement-breakpoint
CREATE OR REPLACE FUNCTION request_tally_rows(r requests, sign integer) RETURNS SETOF request_tallies
LANGUAGE sql IMMUTABLE AS $$
  SELECT v.by_worker, v.group_id, r.status, r.rush, sign,
    sign * (r.received_document_at IS NOT NULL)::int,
    sign * coalesce(floor(extract(epoch FROM (r.received_document_at - r.created_at)) / 86400), 0)::bigint,
    sign * (r.billed_price IS NOT NULL)::int,
    sign * coalesce(r.billed_price, 0)
  FROM (VALUES (false, r.company_id), (true, coalesce(r.working_on_id, 0))) v(by_worker, group_id)
  WHERE r.active
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION requests_tally() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO request_tallies SELECT * FROM request_tally_rows(OLD, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO request_tallies SELECT * FROM request_tally_rows(NEW, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER requests_tally_insert_delete AFTER INSERT OR DELETE ON requests
  FOR EACH ROW EXECUTE FUNCTION requests_tally();
--> statement-breakpoint
CREATE TRIGGER requests_tally_update AFTER UPDATE ON requests
  FOR EACH ROW WHEN (
    (OLD.active, OLD.company_id, OLD.working_on_id, OLD.status, OLD.rush, OLD.created_at,
      OLD.received_document_at, OLD.billed_price)
    IS DISTINCT FROM
    (NEW.active, NEW.company_id, NEW.working_on_id, NEW.status, NEW.rush, NEW.created_at,
      NEW.received_document_at, NEW.billed_price)
  ) EXECUTE FUNCTION requests_tally();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoices_billed_price() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[] := ARRAY[]::integer[];
BEGIN
  IF TG_OP <> 'INSERT' THEN touched := touched || OLD.request_id; END IF;
  IF TG_OP <> 'DELETE' THEN touched := touched || NEW.request_id; END IF;
  UPDATE requests r SET billed_price = b.total
  FROM (SELECT t.id, (SELECT sum(i.price) FROM invoices i WHERE i.request_id = t.id AND i.bill_id IS NOT NULL) AS total
        FROM unnest(touched) AS t(id)) b
  WHERE r.id = b.id AND r.billed_price IS DISTINCT FROM b.total;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_billed_price AFTER INSERT OR DELETE OR UPDATE OF request_id, bill_id, price ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoices_billed_price();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rebuild_request_tallies() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE requests r SET billed_price = b.total
  FROM (SELECT request_id, sum(price) AS total FROM invoices WHERE bill_id IS NOT NULL GROUP BY request_id) b
  WHERE b.request_id = r.id AND r.billed_price IS DISTINCT FROM b.total;
  DELETE FROM request_tallies;
  INSERT INTO request_tallies
  SELECT t.by_worker, t.group_id, t.status, t.rush, sum(t.n), sum(t.received), sum(t.turnaround), sum(t.billed), sum(t.billed_sum)
  FROM requests r CROSS JOIN LATERAL request_tally_rows(r, 1) t
  GROUP BY 1, 2, 3, 4;
END $$;
--> statement-breakpoint
SELECT rebuild_request_tallies();
