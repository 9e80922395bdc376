-- The listing kit's subscriptions and host listings are their user's own rows: they take the user's firm and
-- point at the user with it (docs/scale.md, rules 1 to 3; until now they were local tables pointing into
-- users, which a distributed database cannot keep). A listing points at its subscription with the firm too,
-- and a listing's id is a bigint (rule 4). Both tables are small (a user's own few rows), so the column is
-- filled and required here, in one step.
-- Locked first, children before their parents and users last (0062 says why the order matters).
LOCK TABLE "crashpads", "subscriptions", "users" IN ACCESS EXCLUSIVE MODE;
--> statement-breakpoint
ALTER TABLE "crashpads" DROP CONSTRAINT "crashpads_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "crashpads" DROP CONSTRAINT "crashpads_stripe_subscription_id_subscriptions_id_fk";
--> statement-breakpoint
ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "company_id" integer;
--> statement-breakpoint
UPDATE "subscriptions" s SET "company_id" = u."company_id" FROM "users" u WHERE u."id" = s."user_id";
--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "company_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "crashpads" ADD COLUMN "company_id" integer;
--> statement-breakpoint
UPDATE "crashpads" c SET "company_id" = u."company_id" FROM "users" u WHERE u."id" = c."user_id";
--> statement-breakpoint
ALTER TABLE "crashpads" ALTER COLUMN "company_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_pkey";
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_pkey" PRIMARY KEY("id","company_id");
--> statement-breakpoint
ALTER TABLE "crashpads" DROP CONSTRAINT "crashpads_pkey";
--> statement-breakpoint
ALTER TABLE "crashpads" ALTER COLUMN "id" SET DATA TYPE bigint;
--> statement-breakpoint
ALTER TABLE "crashpads" ALTER COLUMN "id" SET MAXVALUE 9223372036854775807;
--> statement-breakpoint
ALTER TABLE "crashpads" ADD CONSTRAINT "crashpads_pkey" PRIMARY KEY("id","company_id");
--> statement-breakpoint
ALTER TABLE "crashpads" ADD CONSTRAINT "crashpads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- A user moved to another firm takes their subscriptions and listings along; deleted, they go with them.
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_fk" FOREIGN KEY ("user_id","company_id") REFERENCES "public"."users"("id","company_id") ON DELETE cascade ON UPDATE cascade;
--> statement-breakpoint
ALTER TABLE "crashpads" ADD CONSTRAINT "crashpads_user_fk" FOREIGN KEY ("user_id","company_id") REFERENCES "public"."users"("id","company_id") ON DELETE cascade ON UPDATE cascade;
--> statement-breakpoint
ALTER TABLE "crashpads" ADD CONSTRAINT "crashpads_subscription_fk" FOREIGN KEY ("stripe_subscription_id","company_id") REFERENCES "public"."subscriptions"("id","company_id") ON DELETE no action ON UPDATE cascade;
