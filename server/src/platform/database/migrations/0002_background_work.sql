CREATE TABLE "collection_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"collection_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"file" text,
	"file_count" integer,
	"size_bytes" bigint,
	"failure_reason" text,
	"requested_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "email_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"content" text NOT NULL,
	"from_email" text NOT NULL,
	"from_name" text NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"total" integer NOT NULL,
	"created_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "email_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"message_id" text,
	"failure_reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "album_images" ADD COLUMN "status" text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "album_images" ALTER COLUMN "status" SET DEFAULT 'processing';--> statement-breakpoint
ALTER TABLE "album_images" ADD COLUMN "thumbnail" text;--> statement-breakpoint
ALTER TABLE "album_images" ADD COLUMN "display" text;--> statement-breakpoint
ALTER TABLE "album_images" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "album_images" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "album_images" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "collection_uploads" ADD COLUMN "status" text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "collection_uploads" ALTER COLUMN "status" SET DEFAULT 'processing';--> statement-breakpoint
ALTER TABLE "collection_uploads" ADD COLUMN "thumbnail" text;--> statement-breakpoint
ALTER TABLE "collection_uploads" ADD COLUMN "display" text;--> statement-breakpoint
ALTER TABLE "collection_uploads" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "collection_uploads" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "collection_uploads" ADD COLUMN "duration_seconds" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "collection_uploads" ADD COLUMN "poster" text;--> statement-breakpoint
ALTER TABLE "collection_uploads" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "collection_exports" ADD CONSTRAINT "collection_exports_collection_id_photo_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."photo_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD CONSTRAINT "email_deliveries_campaign_id_email_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."email_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_deliveries_campaign_email_key" ON "email_deliveries" USING btree ("campaign_id",lower("email"));--> statement-breakpoint
CREATE INDEX "email_deliveries_campaign_status_idx" ON "email_deliveries" USING btree ("campaign_id","status");