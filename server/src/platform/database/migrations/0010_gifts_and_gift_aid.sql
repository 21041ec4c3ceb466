CREATE TABLE "gift_aid_declarations" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"house_name_or_number" text NOT NULL,
	"postcode" text NOT NULL,
	"declared_on" date NOT NULL,
	"covers_past_gifts" boolean DEFAULT false NOT NULL,
	"source" text NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"pledge_id" integer,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text DEFAULT 'GBP' NOT NULL,
	"received_on" date NOT NULL,
	"method" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gifts_amount_positive" CHECK ("gifts"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_pledge_id_building_fund_pledges_id_fk" FOREIGN KEY ("pledge_id") REFERENCES "public"."building_fund_pledges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_aid_declarations_email_idx" ON "gift_aid_declarations" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "gifts_pledge_idx" ON "gifts" USING btree ("pledge_id");--> statement-breakpoint
CREATE INDEX "gifts_email_idx" ON "gifts" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "gifts_received_idx" ON "gifts" USING btree ("received_on");