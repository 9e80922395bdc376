ALTER TABLE "requests" ADD COLUMN "follow_up_date" date;--> statement-breakpoint
-- Nothing open may be left without a date on the To Do list: an open request with no
-- reminder is due from the day it was ordered; closed requests have no date.
UPDATE "requests" SET "follow_up_date" = ("created_at" at time zone 'UTC')::date
WHERE "next_todo_date" IS NULL AND "status" NOT LIKE 'Completed%' AND "status" NOT LIKE 'Closed%';--> statement-breakpoint
UPDATE "requests" SET "next_todo_date" = "follow_up_date" WHERE "follow_up_date" IS NOT NULL;--> statement-breakpoint
UPDATE "requests" SET "next_todo_date" = NULL
WHERE "next_todo_date" IS NOT NULL AND ("status" LIKE 'Completed%' OR "status" LIKE 'Closed%');
