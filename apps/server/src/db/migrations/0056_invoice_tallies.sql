CREATE TABLE "invoice_tallies" (
	"company_id" integer NOT NULL,
	"status" text NOT NULL,
	"rush" boolean NOT NULL,
	"bill_id" integer,
	"billed_before" boolean NOT NULL,
	"n" integer NOT NULL,
	"line_price" bigint NOT NULL,
	"quoted" bigint NOT NULL,
	"provider_cost" bigint NOT NULL,
	"page_fee" bigint NOT NULL,
	"surcharge" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_tallies" ADD CONSTRAINT "invoice_tallies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_tallies_company_idx" ON "invoice_tallies" USING btree ("company_id","status");--> statement-breakpoint
-- What a request's lines add to its firm's invoice tallies (schema/tallies.ts). A request without a line counts as
-- one line of its own, as the invoice screen lists it. The scope and amounts are lineScope, feeSql's inputs and the
-- coalesces of invoices.queries.ts (a test compares the tallies with the screen's direct sums).
CREATE OR REPLACE FUNCTION invoice_tally_rows(r requests, lines invoices[], sign integer) RETURNS SETOF invoice_tallies
LANGUAGE sql IMMUTABLE AS $$
  SELECT r.company_id, r.status, r.rush, i.bill_id, r.billed_price IS NOT NULL, sign,
    sign * coalesce(i.price, 0), sign * r.price, sign * coalesce(i.provider_cost, r.provider_cost),
    sign * coalesce(i.page_fee, r.page_fee), sign * coalesce(i.auto_added_surcharge, 0)
  FROM (SELECT 1) one LEFT JOIN unnest(lines) i ON true
  WHERE r.active OR i.bill_id IS NOT NULL
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoice_lines_of(request integer, firm integer) RETURNS invoices[]
LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(i), '{}') FROM invoices i WHERE i.request_id = request AND i.company_id = firm
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION requests_invoice_tally() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO invoice_tallies SELECT * FROM invoice_tally_rows(OLD, invoice_lines_of(OLD.id, OLD.company_id), -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO invoice_tallies SELECT * FROM invoice_tally_rows(NEW, invoice_lines_of(NEW.id, NEW.company_id), 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER requests_invoice_tally_insert_delete AFTER INSERT OR DELETE ON requests
  FOR EACH ROW EXECUTE FUNCTION requests_invoice_tally();
--> statement-breakpoint
CREATE TRIGGER requests_invoice_tally_update AFTER UPDATE ON requests
  FOR EACH ROW WHEN (
    (OLD.id, OLD.company_id, OLD.active, OLD.status, OLD.rush, OLD.price, OLD.provider_cost, OLD.page_fee, OLD.billed_price)
    IS DISTINCT FROM
    (NEW.id, NEW.company_id, NEW.active, NEW.status, NEW.rush, NEW.price, NEW.provider_cost, NEW.page_fee, NEW.billed_price)
  ) EXECUTE FUNCTION requests_invoice_tally();
--> statement-breakpoint
-- One line `changed` of the request (request, firm): takes out what the request's lines added before (its lines now,
-- without the changed one, and with `was`, the line as it was, if it belonged to this request) and adds what they
-- add now.
CREATE OR REPLACE FUNCTION invoice_tally_change(request integer, firm integer, was invoices, changed integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r requests;
  now_lines invoices[];
  before_lines invoices[];
BEGIN
  SELECT * INTO r FROM requests WHERE id = request AND company_id = firm;
  IF NOT FOUND THEN RETURN; END IF;
  now_lines := invoice_lines_of(request, firm);
  before_lines := array(SELECT l FROM unnest(now_lines) l WHERE l.id <> changed);
  IF was.request_id = request AND was.company_id = firm THEN
    before_lines := before_lines || was;
  END IF;
  INSERT INTO invoice_tallies SELECT * FROM invoice_tally_rows(r, before_lines, -1);
  INSERT INTO invoice_tallies SELECT * FROM invoice_tally_rows(r, now_lines, 1);
END $$;
--> statement-breakpoint
-- Named to fire before invoices_billed_price (triggers of one event fire in name order): this one moves the
-- request's tally from its old lines to its new ones while its billed_price is still the old one, and the request's
-- own trigger then moves it to the new billed_price. In the other order the request's trigger would read the new
-- lines as the old ones.
CREATE OR REPLACE FUNCTION invoices_add_to_tallies() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM invoice_tally_change(NEW.request_id, NEW.company_id, NULL, NEW.id);
  ELSE
    PERFORM invoice_tally_change(OLD.request_id, OLD.company_id, OLD, OLD.id);
    IF TG_OP = 'UPDATE' AND (NEW.request_id, NEW.company_id) IS DISTINCT FROM (OLD.request_id, OLD.company_id) THEN
      PERFORM invoice_tally_change(NEW.request_id, NEW.company_id, OLD, NEW.id);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_add_to_tallies
  AFTER INSERT OR DELETE OR UPDATE OF request_id, company_id, bill_id, price, provider_cost, page_fee, auto_added_surcharge
  ON invoices FOR EACH ROW EXECUTE FUNCTION invoices_add_to_tallies();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rebuild_invoice_tallies() RETURNS void LANGUAGE sql AS $$
  DELETE FROM invoice_tallies;
  INSERT INTO invoice_tallies
  SELECT t.company_id, t.status, t.rush, t.bill_id, t.billed_before, sum(t.n), sum(t.line_price), sum(t.quoted),
    sum(t.provider_cost), sum(t.page_fee), sum(t.surcharge)
  FROM requests r
  LEFT JOIN (SELECT request_id, company_id, array_agg(i) AS lines FROM invoices i GROUP BY 1, 2) l
    ON l.request_id = r.id AND l.company_id = r.company_id
  CROSS JOIN LATERAL invoice_tally_rows(r, coalesce(l.lines, '{}'), 1) t
  GROUP BY 1, 2, 3, 4, 5;
$$;
--> statement-breakpoint
-- The triggers exist before this read, and this transaction holds the locks that creating them took, so no write
-- falls between the two.
SELECT rebuild_invoice_tallies();
