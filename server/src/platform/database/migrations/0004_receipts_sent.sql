CREATE TABLE "receipts_sent" (
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "receipts_sent_kind_email_pk" PRIMARY KEY("kind","email")
);
