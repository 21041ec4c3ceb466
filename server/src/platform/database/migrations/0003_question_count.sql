ALTER TABLE "qna_sessions" ADD COLUMN "question_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "qna_sessions" SET "question_count" = (SELECT count(*) FROM "qna_questions" WHERE "qna_questions"."session_id" = "qna_sessions"."id");
