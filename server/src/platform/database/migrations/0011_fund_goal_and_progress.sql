CREATE TABLE "building_fund_goals" (
	"currency" text PRIMARY KEY NOT NULL,
	"goal" numeric(12, 2) NOT NULL,
	CONSTRAINT "building_fund_goals_positive" CHECK ("building_fund_goals"."goal" > 0)
);
--> statement-breakpoint
CREATE TABLE "building_fund_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"show_progress" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "building_fund_settings_single_row" CHECK ("building_fund_settings"."id" = 1)
);
