CREATE TABLE "bank_question" (
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "bank_question_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"category" text NOT NULL,
	"title" text NOT NULL,
	"type" "question_type" NOT NULL,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (kanal_fold("bank_question"."title")) STORED NOT NULL,
	CONSTRAINT "bank_question_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "content" ALTER COLUMN "settings" SET DEFAULT '{"timeRestriction":null,"passingScore":null,"comments":false,"certificate":false,"questionsPerAttempt":null}'::jsonb;--> statement-breakpoint
-- Every item so far asks all its questions: its settings say so, as a new item's do.
UPDATE "content" SET "settings" = "settings" || '{"questionsPerAttempt":null}'::jsonb WHERE NOT "settings" ? 'questionsPerAttempt';--> statement-breakpoint
ALTER TABLE "bank_question" ADD CONSTRAINT "bank_question_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_question" ADD CONSTRAINT "bank_question_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."app_user"("tenant_id","id") ON DELETE set null ("created_by") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_question_category_idx" ON "bank_question" USING btree ("tenant_id","category","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bank_question_updated_idx" ON "bank_question" USING btree ("tenant_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bank_question_search_idx" ON "bank_question" USING gin ("tenant_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bank_question_created_by_idx" ON "bank_question" USING btree ("tenant_id","created_by");