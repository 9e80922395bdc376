-- Money becomes whole cents in bigint columns: every stored amount has at most two decimals, so
-- round(amount * 100) is exact. The triggers that name these columns are dropped first (PostgreSQL
-- refuses to change the type of a column a trigger's column list or WHEN clause uses) and made again.
DROP TRIGGER "requests_tally_update" ON "requests";--> statement-breakpoint
DROP TRIGGER "invoices_billed_price" ON "invoices";--> statement-breakpoint
ALTER TABLE "invoices"
  ALTER COLUMN "price" SET DATA TYPE bigint USING round("price" * 100)::bigint,
  ALTER COLUMN "provider_cost" SET DATA TYPE bigint USING round("provider_cost" * 100)::bigint,
  ALTER COLUMN "page_fee" SET DATA TYPE bigint USING round("page_fee" * 100)::bigint,
  ALTER COLUMN "auto_added_surcharge" SET DATA TYPE bigint USING round("auto_added_surcharge" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "price_settings"
  ALTER COLUMN "completed_documents_arrived" SET DATA TYPE bigint USING round("completed_documents_arrived" * 100)::bigint,
  ALTER COLUMN "completed_documents_unavailable" SET DATA TYPE bigint USING round("completed_documents_unavailable" * 100)::bigint,
  ALTER COLUMN "closed_documents_arrived" SET DATA TYPE bigint USING round("closed_documents_arrived" * 100)::bigint,
  ALTER COLUMN "closed_documents_unavailable" SET DATA TYPE bigint USING round("closed_documents_unavailable" * 100)::bigint,
  ALTER COLUMN "cancelled" SET DATA TYPE bigint USING round("cancelled" * 100)::bigint,
  ALTER COLUMN "rush" SET DATA TYPE bigint USING round("rush" * 100)::bigint,
  ALTER COLUMN "closed_originally_no_document" SET DATA TYPE bigint USING round("closed_originally_no_document" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "companies"
  ALTER COLUMN "request_price" DROP DEFAULT,
  ALTER COLUMN "request_price" SET DATA TYPE bigint USING round("request_price" * 100)::bigint,
  ALTER COLUMN "request_price" SET DEFAULT 3500;--> statement-breakpoint
ALTER TABLE "request_tallies"
  ALTER COLUMN "billed_sum" SET DATA TYPE bigint USING round("billed_sum" * 100)::bigint,
  ALTER COLUMN "quoted_sum" SET DATA TYPE bigint USING round("quoted_sum" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "requests"
  ALTER COLUMN "price" SET DATA TYPE bigint USING round("price" * 100)::bigint,
  ALTER COLUMN "provider_cost" SET DATA TYPE bigint USING round("provider_cost" * 100)::bigint,
  ALTER COLUMN "page_fee" SET DATA TYPE bigint USING round("page_fee" * 100)::bigint,
  ALTER COLUMN "billed_price" SET DATA TYPE bigint USING round("billed_price" * 100)::bigint;--> statement-breakpoint
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
CREATE TRIGGER requests_tally_update AFTER UPDATE ON requests
  FOR EACH ROW WHEN (
    (OLD.active, OLD.company_id, OLD.working_on_id, OLD.status, OLD.rush, OLD.created_at,
      OLD.received_document_at, OLD.billed_price, OLD.price)
    IS DISTINCT FROM
    (NEW.active, NEW.company_id, NEW.working_on_id, NEW.status, NEW.rush, NEW.created_at,
      NEW.received_document_at, NEW.billed_price, NEW.price)
  ) EXECUTE FUNCTION requests_tally();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoices_billed_price() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[] := ARRAY[]::integer[];
BEGIN
  IF TG_OP <> 'INSERT' THEN touched := touched || OLD.request_id; END IF;
  IF TG_OP <> 'DELETE' THEN touched := touched || NEW.request_id; END IF;
  UPDATE requests r SET billed_price = b.total
  FROM (SELECT t.id,
          (SELECT sum(i.price)::bigint FROM invoices i WHERE i.request_id = t.id AND i.bill_id IS NOT NULL) AS total
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
  FROM (SELECT request_id, sum(price)::bigint AS total FROM invoices WHERE bill_id IS NOT NULL GROUP BY request_id) b
  WHERE b.request_id = r.id AND r.billed_price IS DISTINCT FROM b.total;
  DELETE FROM request_tallies;
  INSERT INTO request_tallies
  SELECT t.by_worker, t.group_id, t.status, t.rush, sum(t.n), sum(t.received), sum(t.turnaround), sum(t.billed),
    sum(t.billed_sum)::bigint, sum(t.quoted_sum)::bigint
  FROM requests r CROSS JOIN LATERAL request_tally_rows(r, 1) t
  GROUP BY 1, 2, 3, 4;
END $$;
