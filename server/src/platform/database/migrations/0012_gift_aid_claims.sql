CREATE TABLE "gift_aid_claim_gifts" (
	"claim_id" integer NOT NULL,
	"gift_id" integer NOT NULL,
	"declaration_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_aid_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"prepared_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gift_aid_claim_gifts" ADD CONSTRAINT "gift_aid_claim_gifts_claim_id_gift_aid_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."gift_aid_claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_aid_claim_gifts" ADD CONSTRAINT "gift_aid_claim_gifts_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_aid_claim_gifts" ADD CONSTRAINT "gift_aid_claim_gifts_declaration_id_gift_aid_declarations_id_fk" FOREIGN KEY ("declaration_id") REFERENCES "public"."gift_aid_declarations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_aid_claim_gifts_gift_key" ON "gift_aid_claim_gifts" USING btree ("gift_id");--> statement-breakpoint
CREATE INDEX "gift_aid_claim_gifts_claim_idx" ON "gift_aid_claim_gifts" USING btree ("claim_id");--> statement-breakpoint
CREATE INDEX "gift_aid_claim_gifts_declaration_idx" ON "gift_aid_claim_gifts" USING btree ("declaration_id");