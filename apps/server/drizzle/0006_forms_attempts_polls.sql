CREATE TABLE "attempt_answer" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attempt_answer_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"attempt_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"answer_id" integer,
	"text" text,
	"correct" boolean
);
--> statement-breakpoint
CREATE TABLE "poll_response" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"answer_id" integer,
	"text" text,
	"response_date" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submission_key" (
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"content_id" integer NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submission_key_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "attempt" DROP CONSTRAINT "attempt_counts";--> statement-breakpoint
ALTER TABLE "attempt" ALTER COLUMN "final_mark" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "attempt" ALTER COLUMN "correct" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "attempt_answer" ADD CONSTRAINT "attempt_answer_attempt_fk" FOREIGN KEY ("tenant_id","attempt_id") REFERENCES "public"."attempt"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_answer" ADD CONSTRAINT "attempt_answer_question_fk" FOREIGN KEY ("tenant_id","question_id") REFERENCES "public"."question"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_response" ADD CONSTRAINT "poll_response_content_fk" FOREIGN KEY ("tenant_id","content_id") REFERENCES "public"."content"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_response" ADD CONSTRAINT "poll_response_question_fk" FOREIGN KEY ("tenant_id","question_id") REFERENCES "public"."question"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_key" ADD CONSTRAINT "submission_key_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."app_user"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_key" ADD CONSTRAINT "submission_key_content_fk" FOREIGN KEY ("tenant_id","content_id") REFERENCES "public"."content"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attempt_answer_attempt_idx" ON "attempt_answer" USING btree ("tenant_id","attempt_id");--> statement-breakpoint
CREATE INDEX "poll_response_content_idx" ON "poll_response" USING btree ("tenant_id","content_id","question_id","answer_id");--> statement-breakpoint
CREATE INDEX "content_interaction_finished_idx" ON "content_interaction" USING btree ("tenant_id","user_id","finished_at" DESC NULLS LAST,"content_id" DESC NULLS LAST) WHERE "content_interaction"."finished_at" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "points_ledger_education_passed_key" ON "points_ledger" USING btree ("tenant_id","user_id","content_id") WHERE "points_ledger"."reason" = 'education_passed';--> statement-breakpoint
ALTER TABLE "attempt" ADD CONSTRAINT "attempt_graded_whole" CHECK (("attempt"."final_mark" IS NULL) = ("attempt"."correct" IS NULL));--> statement-breakpoint
ALTER TABLE "attempt" ADD CONSTRAINT "attempt_counts" CHECK ("attempt"."total" >= 0 AND "attempt"."correct" >= 0 AND "attempt"."correct" <= "attempt"."total");