CREATE TABLE "pledge_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"pledge_id" integer NOT NULL,
	"kind" text NOT NULL,
	"pay_by_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "building_fund_pledges" ADD COLUMN "reminders_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD COLUMN "content" text;--> statement-breakpoint
ALTER TABLE "pledge_reminders" ADD CONSTRAINT "pledge_reminders_pledge_id_building_fund_pledges_id_fk" FOREIGN KEY ("pledge_id") REFERENCES "public"."building_fund_pledges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pledge_reminders_once_key" ON "pledge_reminders" USING btree ("pledge_id","kind","pay_by_date");