-- The ids of the tables that grow with the requests, and every column that holds one of those ids, become
-- bigint (docs/scale.md, rule 4; decision 082). Changing a column's type in place rewrites its table and
-- every index on it under an exclusive lock: about 4.5 µs a row, over 20 s for the notes of a million
-- requests. So this migration only adds, for each such column, a bigint column beside it named
-- `<column>__wide` and a trigger that keeps it equal to the column on every insert and update. Adding a
-- column without a default does not touch the rows. db/widen-ids.ts, run after the migrations, fills the new
-- columns in batches, builds a copy of each index on them without blocking writes, and then swaps each pair
-- of columns in one short transaction.
-- Locked first, in one statement, in 0062's order.
LOCK TABLE "signing_requests", "notes", "notification_email_queue", "notification_digest_items", "request_type_choices", "file_accesses", "files", "requests", "signing_events", "authorization_checks", "record_pages", "record_indexing", "bates_counters", "bates_ranges", "fee_approvals", "follow_ups", "card_payments", "invoices", "webhook_deliveries", "webhook_endpoints", "patients", "billings", "invoice_tallies" IN ACCESS EXCLUSIVE MODE;
--> statement-breakpoint
DO $$
DECLARE
  widened text[] := ARRAY[
    'signing_requests.id',
    'signing_requests.patient_id',
    'signing_requests.renews_id',
    'signing_requests.request_ids',
    'notes.id',
    'notes.request_id',
    'notification_email_queue.note_id',
    'notification_digest_items.note_id',
    'request_type_choices.request_id',
    'file_accesses.file_id',
    'files.id',
    'files.request_id',
    'requests.id',
    'requests.patient_id',
    'signing_events.id',
    'signing_events.signing_request_id',
    'authorization_checks.request_id',
    'record_pages.file_id',
    'record_pages.request_id',
    'record_indexing.file_id',
    'record_indexing.request_id',
    'bates_counters.patient_id',
    'bates_ranges.file_id',
    'bates_ranges.patient_id',
    'fee_approvals.id',
    'fee_approvals.request_id',
    'follow_ups.id',
    'follow_ups.note_id',
    'follow_ups.request_id',
    'card_payments.billing_id',
    'invoices.bill_id',
    'invoices.id',
    'invoices.request_id',
    'webhook_deliveries.endpoint_id',
    'webhook_endpoints.id',
    'patients.id',
    'billings.id'
  ];
  target text;
  tbl text;
  assignments text;
BEGIN
  FOREACH target IN ARRAY widened LOOP
    EXECUTE format('ALTER TABLE %I ADD COLUMN %I %s', split_part(target, '.', 1), split_part(target, '.', 2) || '__wide',
      CASE WHEN target = 'signing_requests.request_ids' THEN 'bigint[]' ELSE 'bigint' END);
  END LOOP;
  FOR tbl, assignments IN
    SELECT split_part(t, '.', 1), string_agg(format('NEW.%I := NEW.%I;', split_part(t, '.', 2) || '__wide', split_part(t, '.', 2)), ' ')
    FROM unnest(widened) t GROUP BY 1
  LOOP
    EXECUTE format('CREATE FUNCTION %I() RETURNS trigger LANGUAGE plpgsql AS $f$ BEGIN %s RETURN NEW; END $f$',
      tbl || '_widen_ids', assignments);
    EXECUTE format('CREATE TRIGGER %I BEFORE INSERT OR UPDATE ON %I FOR EACH ROW EXECUTE FUNCTION %I()',
      tbl || '_widen_ids', tbl, tbl || '_widen_ids');
  END LOOP;
END $$;
--> statement-breakpoint
-- The running invoice tallies are compacted (a row per firm, status and invoice), so their column is changed in
-- place. It keeps its position: the tally functions build its rows column by column.
ALTER TABLE "invoice_tallies" ALTER COLUMN "bill_id" SET DATA TYPE bigint;
--> statement-breakpoint
-- The tally functions that take a request's or an invoice line's id take a bigint, which an integer id passes
-- to as well (0056 wrote them; the bodies are unchanged).
DROP FUNCTION invoice_tally_change(integer, integer, invoices, integer);
--> statement-breakpoint
DROP FUNCTION invoice_lines_of(integer, integer);
--> statement-breakpoint
CREATE FUNCTION invoice_lines_of(request bigint, firm integer) RETURNS invoices[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(i), '{}') FROM invoices i WHERE i.request_id = request AND i.company_id = firm
$$;
--> statement-breakpoint
CREATE FUNCTION invoice_tally_change(request bigint, firm integer, was invoices, changed bigint) RETURNS void
LANGUAGE plpgsql AS $$
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
