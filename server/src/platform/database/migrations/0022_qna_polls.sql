CREATE TABLE "qna_poll_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"poll_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"choices" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"held" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qna_poll_answers_device" UNIQUE("poll_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "qna_polls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"question" text NOT NULL,
	"type" text NOT NULL,
	"options" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"revealed" boolean DEFAULT false NOT NULL,
	"shown_answer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"revealed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "qna_poll_answers" ADD CONSTRAINT "qna_poll_answers_poll_id_qna_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."qna_polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qna_polls" ADD CONSTRAINT "qna_polls_session_id_qna_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."qna_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "qna_polls_session_idx" ON "qna_polls" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "qna_polls_one_open" ON "qna_polls" USING btree ("session_id") WHERE status = 'open';