CREATE TABLE "email_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"source" text NOT NULL,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "email_suppressions" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"reason" text NOT NULL,
	"campaign_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_suppressions" ADD CONSTRAINT "email_suppressions_campaign_id_email_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."email_campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_consents_email_idx" ON "email_consents" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "email_suppressions_email_key" ON "email_suppressions" USING btree (lower("email"));--> statement-breakpoint
-- Everyone still on the newsletter list agreed by subscribing. Those who left are not copied: a row
-- there may come from an unsubscribe link alone, and without consent they get no newsletter anyway.
INSERT INTO "email_consents" ("email", "source", "given_at")
SELECT lower("email"), 'newsletter', "subscribed_at" FROM "newsletter_subscribers" WHERE "unsubscribed_at" IS NULL;
