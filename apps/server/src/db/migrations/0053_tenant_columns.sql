-- Every tenant table gets its firm (decision 071). Only the quick part runs here, in the migrations'
-- transaction: the nullable column, its foreign key NOT VALID, and a trigger that fills a missing firm from
-- the row's parent. Rows written by an instance still running the previous release carry their firm that way,
-- and db/tenant-backfill.ts fills the existing rows through the same trigger (it sets the column to NULL in
-- short batches), then validates and sets NOT NULL, without a long lock.
ALTER TABLE "notes" ADD COLUMN "company_id" integer;
--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
CREATE FUNCTION "notes_fill_company_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.company_id := (select company_id from requests where id = NEW.request_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "notes_fill_company_id" BEFORE INSERT OR UPDATE OF "company_id" ON "notes" FOR EACH ROW WHEN (NEW.company_id IS NULL) EXECUTE FUNCTION "notes_fill_company_id"();
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "company_id" integer;
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
CREATE FUNCTION "files_fill_company_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.company_id := (select company_id from requests where id = NEW.request_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "files_fill_company_id" BEFORE INSERT OR UPDATE OF "company_id" ON "files" FOR EACH ROW WHEN (NEW.company_id IS NULL) EXECUTE FUNCTION "files_fill_company_id"();
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "company_id" integer;
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
CREATE FUNCTION "invoices_fill_company_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.company_id := (select company_id from requests where id = NEW.request_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "invoices_fill_company_id" BEFORE INSERT OR UPDATE OF "company_id" ON "invoices" FOR EACH ROW WHEN (NEW.company_id IS NULL) EXECUTE FUNCTION "invoices_fill_company_id"();
--> statement-breakpoint
ALTER TABLE "request_type_choices" ADD COLUMN "company_id" integer;
--> statement-breakpoint
ALTER TABLE "request_type_choices" ADD CONSTRAINT "request_type_choices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
CREATE FUNCTION "request_type_choices_fill_company_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.company_id := (select company_id from requests where id = NEW.request_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "request_type_choices_fill_company_id" BEFORE INSERT OR UPDATE OF "company_id" ON "request_type_choices" FOR EACH ROW WHEN (NEW.company_id IS NULL) EXECUTE FUNCTION "request_type_choices_fill_company_id"();
--> statement-breakpoint
ALTER TABLE "follow_ups" ADD COLUMN "company_id" integer;
--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
CREATE FUNCTION "follow_ups_fill_company_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.company_id := (select company_id from requests where id = NEW.request_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "follow_ups_fill_company_id" BEFORE INSERT OR UPDATE OF "company_id" ON "follow_ups" FOR EACH ROW WHEN (NEW.company_id IS NULL) EXECUTE FUNCTION "follow_ups_fill_company_id"();
--> statement-breakpoint
ALTER TABLE "authorization_checks" ADD COLUMN "company_id" integer;
--> statement-breakpoint
ALTER TABLE "authorization_checks" ADD CONSTRAINT "authorization_checks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
CREATE FUNCTION "authorization_checks_fill_company_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.company_id := (select company_id from requests where id = NEW.request_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "authorization_checks_fill_company_id" BEFORE INSERT OR UPDATE OF "company_id" ON "authorization_checks" FOR EACH ROW WHEN (NEW.company_id IS NULL) EXECUTE FUNCTION "authorization_checks_fill_company_id"();
--> statement-breakpoint
ALTER TABLE "record_indexing" ADD COLUMN "company_id" integer;
--> statement-breakpoint
ALTER TABLE "record_indexing" ADD CONSTRAINT "record_indexing_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
CREATE FUNCTION "record_indexing_fill_company_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.company_id := (select company_id from requests where id = NEW.request_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "record_indexing_fill_company_id" BEFORE INSERT OR UPDATE OF "company_id" ON "record_indexing" FOR EACH ROW WHEN (NEW.company_id IS NULL) EXECUTE FUNCTION "record_indexing_fill_company_id"();
--> statement-breakpoint
ALTER TABLE "file_accesses" ADD COLUMN "company_id" integer;
--> statement-breakpoint
ALTER TABLE "file_accesses" ADD CONSTRAINT "file_accesses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
CREATE FUNCTION "file_accesses_fill_company_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.company_id := coalesce((select r.company_id from files f join requests r on r.id = f.request_id where f.id = NEW.file_id), (select company_id from users where id = NEW.user_id), (select min(id) from companies));
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "file_accesses_fill_company_id" BEFORE INSERT OR UPDATE OF "company_id" ON "file_accesses" FOR EACH ROW WHEN (NEW.company_id IS NULL) EXECUTE FUNCTION "file_accesses_fill_company_id"();
--> statement-breakpoint
ALTER TABLE "bates_counters" ADD COLUMN "company_id" integer;
--> statement-breakpoint
ALTER TABLE "bates_counters" ADD CONSTRAINT "bates_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
CREATE FUNCTION "bates_counters_fill_company_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.company_id := (select company_id from patients where id = NEW.patient_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "bates_counters_fill_company_id" BEFORE INSERT OR UPDATE OF "company_id" ON "bates_counters" FOR EACH ROW WHEN (NEW.company_id IS NULL) EXECUTE FUNCTION "bates_counters_fill_company_id"();
--> statement-breakpoint
ALTER TABLE "bates_ranges" ADD COLUMN "company_id" integer;
--> statement-breakpoint
ALTER TABLE "bates_ranges" ADD CONSTRAINT "bates_ranges_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
CREATE FUNCTION "bates_ranges_fill_company_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.company_id := (select company_id from patients where id = NEW.patient_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "bates_ranges_fill_company_id" BEFORE INSERT OR UPDATE OF "company_id" ON "bates_ranges" FOR EACH ROW WHEN (NEW.company_id IS NULL) EXECUTE FUNCTION "bates_ranges_fill_company_id"();
--> statement-breakpoint
ALTER TABLE "signing_events" ADD COLUMN "company_id" integer;
--> statement-breakpoint
ALTER TABLE "signing_events" ADD CONSTRAINT "signing_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
CREATE FUNCTION "signing_events_fill_company_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.company_id := (select company_id from signing_requests where id = NEW.signing_request_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "signing_events_fill_company_id" BEFORE INSERT OR UPDATE OF "company_id" ON "signing_events" FOR EACH ROW WHEN (NEW.company_id IS NULL) EXECUTE FUNCTION "signing_events_fill_company_id"();
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "company_id" integer;
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
CREATE FUNCTION "webhook_deliveries_fill_company_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.company_id := (select company_id from webhook_endpoints where id = NEW.endpoint_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "webhook_deliveries_fill_company_id" BEFORE INSERT OR UPDATE OF "company_id" ON "webhook_deliveries" FOR EACH ROW WHEN (NEW.company_id IS NULL) EXECUTE FUNCTION "webhook_deliveries_fill_company_id"();
--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "company_id" integer;
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
CREATE FUNCTION "uploads_fill_company_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.company_id := coalesce((select company_id from users where id = NEW.user_id), (select min(id) from companies));
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "uploads_fill_company_id" BEFORE INSERT OR UPDATE OF "company_id" ON "uploads" FOR EACH ROW WHEN (NEW.company_id IS NULL) EXECUTE FUNCTION "uploads_fill_company_id"();
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "company_id" integer;
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
CREATE FUNCTION "sessions_fill_company_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.company_id := (select company_id from users where id = NEW.user_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sessions_fill_company_id" BEFORE INSERT OR UPDATE OF "company_id" ON "sessions" FOR EACH ROW WHEN (NEW.company_id IS NULL) EXECUTE FUNCTION "sessions_fill_company_id"();
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "company_id" integer;
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
CREATE FUNCTION "refresh_tokens_fill_company_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.company_id := (select company_id from users where id = NEW.user_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "refresh_tokens_fill_company_id" BEFORE INSERT OR UPDATE OF "company_id" ON "refresh_tokens" FOR EACH ROW WHEN (NEW.company_id IS NULL) EXECUTE FUNCTION "refresh_tokens_fill_company_id"();
--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD COLUMN "company_id" integer;
--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
CREATE FUNCTION "one_time_tokens_fill_company_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.company_id := (select company_id from users where id = NEW.user_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "one_time_tokens_fill_company_id" BEFORE INSERT OR UPDATE OF "company_id" ON "one_time_tokens" FOR EACH ROW WHEN (NEW.company_id IS NULL) EXECUTE FUNCTION "one_time_tokens_fill_company_id"();
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "company_id" integer;
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
CREATE FUNCTION "idempotency_keys_fill_company_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.company_id := (select company_id from users where id = NEW.user_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "idempotency_keys_fill_company_id" BEFORE INSERT OR UPDATE OF "company_id" ON "idempotency_keys" FOR EACH ROW WHEN (NEW.company_id IS NULL) EXECUTE FUNCTION "idempotency_keys_fill_company_id"();
--> statement-breakpoint
ALTER TABLE "notification_email_prefs" ADD COLUMN "company_id" integer;
--> statement-breakpoint
ALTER TABLE "notification_email_prefs" ADD CONSTRAINT "notification_email_prefs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
CREATE FUNCTION "notification_email_prefs_fill_company_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.company_id := (select company_id from users where id = NEW.user_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "notification_email_prefs_fill_company_id" BEFORE INSERT OR UPDATE OF "company_id" ON "notification_email_prefs" FOR EACH ROW WHEN (NEW.company_id IS NULL) EXECUTE FUNCTION "notification_email_prefs_fill_company_id"();
--> statement-breakpoint
ALTER TABLE "notification_digest_items" ADD COLUMN "company_id" integer;
--> statement-breakpoint
ALTER TABLE "notification_digest_items" ADD CONSTRAINT "notification_digest_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
CREATE FUNCTION "notification_digest_items_fill_company_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.company_id := (select company_id from users where id = NEW.user_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "notification_digest_items_fill_company_id" BEFORE INSERT OR UPDATE OF "company_id" ON "notification_digest_items" FOR EACH ROW WHEN (NEW.company_id IS NULL) EXECUTE FUNCTION "notification_digest_items_fill_company_id"();
