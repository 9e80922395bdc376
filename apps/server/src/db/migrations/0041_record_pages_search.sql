CREATE TABLE "record_indexing" (
	"file_id" integer PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"status" text NOT NULL,
	"pages" integer DEFAULT 0 NOT NULL,
	"ocr_pages" integer DEFAULT 0 NOT NULL,
	"error" text,
	"indexed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_indexing_status_ck" CHECK ("record_indexing"."status" in ('indexed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "record_pages" (
	"file_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"page_number" integer NOT NULL,
	"text" text NOT NULL,
	"source" text NOT NULL,
	"tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', text)) STORED NOT NULL,
	CONSTRAINT "record_pages_pk" PRIMARY KEY("file_id","page_number"),
	CONSTRAINT "record_pages_page_ck" CHECK ("record_pages"."page_number" >= 1),
	CONSTRAINT "record_pages_source_ck" CHECK ("record_pages"."source" in ('text', 'ocr'))
);
--> statement-breakpoint
ALTER TABLE "record_indexing" ADD CONSTRAINT "record_indexing_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_indexing" ADD CONSTRAINT "record_indexing_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_pages" ADD CONSTRAINT "record_pages_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_pages" ADD CONSTRAINT "record_pages_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_pages" ADD CONSTRAINT "record_pages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_indexing_request_idx" ON "record_indexing" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "record_pages_tsv_idx" ON "record_pages" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "record_pages_text_trgm_idx" ON "record_pages" USING gin ("text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "record_pages_company_idx" ON "record_pages" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "record_pages_request_idx" ON "record_pages" USING btree ("request_id");
