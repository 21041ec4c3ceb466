CREATE TABLE "sermon_series" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"artwork" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sermons" ADD COLUMN "series_id" integer;--> statement-breakpoint
ALTER TABLE "sermons" ADD COLUMN "audio_file" text;--> statement-breakpoint
ALTER TABLE "sermons" ADD COLUMN "audio_mime_type" text;--> statement-breakpoint
ALTER TABLE "sermons" ADD COLUMN "audio_size" bigint;--> statement-breakpoint
ALTER TABLE "sermons" ADD COLUMN "audio_duration_seconds" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "sermons" ADD COLUMN "podcast_guid" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "sermons" ADD CONSTRAINT "sermons_series_id_sermon_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."sermon_series"("id") ON DELETE set null ON UPDATE no action;