ALTER TABLE "collection_exports" ADD COLUMN "include_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "collection_uploads" ADD COLUMN "approval" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "collection_uploads" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "run_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "photo_collections" ADD COLUMN "requires_approval" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "photo_collections" ADD COLUMN "notify_uploads" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "photo_collections" ADD COLUMN "digest_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "photo_collections" ADD COLUMN "digest_counted_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "collection_uploads_device_idx" ON "collection_uploads" USING btree ("collection_id","device_id");