CREATE TABLE "prayer_prayed" (
	"request_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"address_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prayer_prayed_request_id_device_id_pk" PRIMARY KEY("request_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "prayer_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" serial NOT NULL,
	"text" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text,
	"visibility" text DEFAULT 'pastoral' NOT NULL,
	"hear_back" boolean DEFAULT false NOT NULL,
	"wall_text" text,
	"wall_name" text,
	"approved_at" timestamp with time zone,
	"followed_up_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"notes" text DEFAULT '' NOT NULL,
	"told_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prayer_requests_number_unique" UNIQUE("number"),
	CONSTRAINT "prayer_requests_visibility" CHECK ("prayer_requests"."visibility" in ('pastoral', 'wall', 'wall_anonymous')),
	CONSTRAINT "prayer_requests_wall_allowed" CHECK ("prayer_requests"."approved_at" is null or "prayer_requests"."visibility" <> 'pastoral')
);
--> statement-breakpoint
ALTER TABLE "prayer_prayed" ADD CONSTRAINT "prayer_prayed_request_id_prayer_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."prayer_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prayer_prayed_address" ON "prayer_prayed" USING btree ("request_id","address_hash");--> statement-breakpoint
CREATE INDEX "prayer_requests_wall" ON "prayer_requests" USING btree ("approved_at") WHERE "prayer_requests"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "prayer_requests_created" ON "prayer_requests" USING btree ("created_at");