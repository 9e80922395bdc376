-- Billings, signing requests and webhook endpoints take their firm into their keys, as requests did in 0059
-- (decision 075). Locked first, children before parents, for the reason 0059 gives.
LOCK TABLE "invoices", "card_payments", "signing_events", "webhook_deliveries", "signing_requests", "billings", "webhook_endpoints" IN ACCESS EXCLUSIVE MODE;
--> statement-breakpoint
CREATE UNIQUE INDEX "billings_pkey_with_firm" ON "billings" ("id","company_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "signing_requests_pkey_with_firm" ON "signing_requests" ("id","company_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_endpoints_pkey_with_firm" ON "webhook_endpoints" ("id","company_id");
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_bill_id_billings_id_fk";
--> statement-breakpoint
ALTER TABLE "card_payments" DROP CONSTRAINT "card_payments_billing_id_billings_id_fk";
--> statement-breakpoint
ALTER TABLE "signing_events" DROP CONSTRAINT "signing_events_signing_request_id_signing_requests_id_fk";
--> statement-breakpoint
ALTER TABLE "signing_requests" DROP CONSTRAINT "signing_requests_renews_id_signing_requests_id_fk";
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk";
--> statement-breakpoint
ALTER TABLE "billings" DROP CONSTRAINT "billings_pkey";
--> statement-breakpoint
ALTER TABLE "billings" ADD CONSTRAINT "billings_pkey" PRIMARY KEY USING INDEX "billings_pkey_with_firm";
--> statement-breakpoint
ALTER TABLE "signing_requests" DROP CONSTRAINT "signing_requests_pkey";
--> statement-breakpoint
ALTER TABLE "signing_requests" ADD CONSTRAINT "signing_requests_pkey" PRIMARY KEY USING INDEX "signing_requests_pkey_with_firm";
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" DROP CONSTRAINT "webhook_endpoints_pkey";
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_pkey" PRIMARY KEY USING INDEX "webhook_endpoints_pkey_with_firm";
--> statement-breakpoint
-- Deleting a billing leaves its lines unbilled, and a renewal outlives what it renews: only the id is set
-- to null, the row keeps its firm.
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_bill_fk" FOREIGN KEY ("bill_id","company_id") REFERENCES "public"."billings"("id","company_id") ON DELETE SET NULL ("bill_id") ON UPDATE cascade NOT VALID;
--> statement-breakpoint
ALTER TABLE "signing_requests" ADD CONSTRAINT "signing_requests_renews_fk" FOREIGN KEY ("renews_id","company_id") REFERENCES "public"."signing_requests"("id","company_id") ON DELETE SET NULL ("renews_id") ON UPDATE cascade NOT VALID;
--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_billing_fk" FOREIGN KEY ("billing_id","company_id") REFERENCES "public"."billings"("id","company_id") ON DELETE restrict ON UPDATE cascade NOT VALID;
--> statement-breakpoint
ALTER TABLE "signing_events" ADD CONSTRAINT "signing_events_signing_request_fk" FOREIGN KEY ("signing_request_id","company_id") REFERENCES "public"."signing_requests"("id","company_id") ON DELETE cascade ON UPDATE cascade NOT VALID;
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_fk" FOREIGN KEY ("endpoint_id","company_id") REFERENCES "public"."webhook_endpoints"("id","company_id") ON DELETE cascade ON UPDATE cascade NOT VALID;
