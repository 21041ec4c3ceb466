ALTER TABLE "outbox" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_handed_over_idx" ON "outbox" USING btree ("id") WHERE "outbox"."relayed_at" is not null and "outbox"."finished_at" is null;--> statement-breakpoint
-- Jobs handed over before this change are taken as done: Redis may already have dropped the completed ones, and they must not be sent again.
UPDATE "outbox" SET "finished_at" = "relayed_at" WHERE "relayed_at" IS NOT NULL;
