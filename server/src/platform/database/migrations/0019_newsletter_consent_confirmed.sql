ALTER TABLE "email_consents" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "email_consents" SET "confirmed_at" = "given_at";
