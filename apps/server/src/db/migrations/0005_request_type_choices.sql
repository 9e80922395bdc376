CREATE TABLE "request_type_choices" (
	"request_id" integer NOT NULL,
	"request_type_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "request_type_choices_request_id_request_type_id_pk" PRIMARY KEY("request_id","request_type_id"),
	CONSTRAINT "request_type_choices_position_ck" CHECK ("request_type_choices"."position" >= 0)
);
--> statement-breakpoint
ALTER TABLE "request_types" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Backfill (hand-written), before the foreign keys and the index so a large table is checked once.
-- The old text column is read the way the app read it (split on commas, trimmed, blanks and repeats
-- dropped); a name matches a type ignoring case, and a name no type has becomes a new type.
CREATE TEMPORARY TABLE "request_type_parts" AS
SELECT "requests"."id" AS "request_id", btrim("part"."name") AS "name", "part"."ord"
FROM "requests", regexp_split_to_table("requests"."request_type", ',') WITH ORDINALITY AS "part"("name", "ord")
WHERE btrim("part"."name") <> '';--> statement-breakpoint
INSERT INTO "request_types" ("name")
SELECT DISTINCT ON (lower("name")) "name" FROM "request_type_parts"
WHERE NOT EXISTS (SELECT 1 FROM "request_types" WHERE lower("request_types"."name") = lower("request_type_parts"."name"))
ORDER BY lower("name"), "name";--> statement-breakpoint
INSERT INTO "request_type_choices" ("request_id", "request_type_id", "position")
SELECT "request_id", "request_type_id", (row_number() OVER (PARTITION BY "request_id" ORDER BY min("ord")) - 1)::integer
FROM (
	SELECT "request_id", "ord", (
		SELECT "request_types"."id" FROM "request_types"
		WHERE lower("request_types"."name") = lower("request_type_parts"."name")
		ORDER BY "request_types"."name" = "request_type_parts"."name" DESC, "request_types"."id"
		LIMIT 1
	) AS "request_type_id"
	FROM "request_type_parts"
) AS "matched"
GROUP BY "request_id", "request_type_id";--> statement-breakpoint
-- The text becomes exactly the copy of the rows (type spelling, no blanks or repeats).
UPDATE "requests" SET "request_type" = "chosen"."names"
FROM (
	SELECT "request_type_choices"."request_id", string_agg("request_types"."name", ', ' ORDER BY "request_type_choices"."position") AS "names"
	FROM "request_type_choices" JOIN "request_types" ON "request_types"."id" = "request_type_choices"."request_type_id"
	GROUP BY "request_type_choices"."request_id"
) AS "chosen"
WHERE "requests"."id" = "chosen"."request_id" AND "requests"."request_type" IS DISTINCT FROM "chosen"."names";--> statement-breakpoint
UPDATE "requests" SET "request_type" = '' WHERE "request_type" <> '' AND NOT EXISTS (SELECT 1 FROM "request_type_choices" WHERE "request_type_choices"."request_id" = "requests"."id");--> statement-breakpoint
DROP TABLE "request_type_parts";--> statement-breakpoint
ALTER TABLE "request_type_choices" ADD CONSTRAINT "request_type_choices_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_type_choices" ADD CONSTRAINT "request_type_choices_request_type_id_request_types_id_fk" FOREIGN KEY ("request_type_id") REFERENCES "public"."request_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_type_choices_type_idx" ON "request_type_choices" USING btree ("request_type_id");