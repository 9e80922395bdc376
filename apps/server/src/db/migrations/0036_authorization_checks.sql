CREATE TABLE "authorization_checks" (
	"request_id" integer PRIMARY KEY NOT NULL,
	"document_url" text NOT NULL,
	"description" boolean DEFAULT false NOT NULL,
	"discloser" boolean DEFAULT false NOT NULL,
	"recipient" boolean DEFAULT false NOT NULL,
	"purpose" boolean DEFAULT false NOT NULL,
	"expiration" text,
	"signature" boolean DEFAULT false NOT NULL,
	"signed_on" date,
	"signed_by_representative" boolean DEFAULT false NOT NULL,
	"representative_authority" boolean DEFAULT false NOT NULL,
	"revocation" boolean DEFAULT false NOT NULL,
	"conditioning" boolean DEFAULT false NOT NULL,
	"redisclosure" boolean DEFAULT false NOT NULL,
	"separate_consents" text[] DEFAULT '{}'::text[] NOT NULL,
	"checked_by_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "authorization_checks_expiration_len_ck" CHECK (length("authorization_checks"."expiration") <= 500)
);
--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "max_authorization_age_days" integer;--> statement-breakpoint
ALTER TABLE "authorization_checks" ADD CONSTRAINT "authorization_checks_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authorization_checks" ADD CONSTRAINT "authorization_checks_checked_by_id_users_id_fk" FOREIGN KEY ("checked_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_max_authorization_age_days_ck" CHECK ("providers"."max_authorization_age_days" > 0);