ALTER TABLE "email_campaigns" ADD COLUMN "kind" text DEFAULT 'newsletter' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD COLUMN "draft_recipients" jsonb;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD COLUMN "scheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD COLUMN "paused_reason" text;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;