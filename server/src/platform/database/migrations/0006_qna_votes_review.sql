CREATE TABLE "qna_votes" (
	"question_id" integer NOT NULL,
	"device_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qna_votes_question_id_device_id_pk" PRIMARY KEY("question_id","device_id")
);
--> statement-breakpoint
ALTER TABLE "qna_questions" ADD COLUMN "votes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "qna_questions" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "qna_questions" ADD COLUMN "flagged" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "qna_sessions" ADD COLUMN "moderation" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "qna_sessions" ADD COLUMN "filter_words" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "qna_votes" ADD CONSTRAINT "qna_votes_question_id_qna_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."qna_questions"("id") ON DELETE cascade ON UPDATE no action;