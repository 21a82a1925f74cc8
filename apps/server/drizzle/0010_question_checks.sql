CREATE TABLE "question_check" (
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"answer_ids" integer[] NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "question_check_tenant_id_user_id_content_id_question_id_pk" PRIMARY KEY("tenant_id","user_id","content_id","question_id")
);
--> statement-breakpoint
ALTER TABLE "question_check" ADD CONSTRAINT "question_check_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."app_user"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_check" ADD CONSTRAINT "question_check_content_fk" FOREIGN KEY ("tenant_id","content_id") REFERENCES "public"."content"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_check" ADD CONSTRAINT "question_check_question_fk" FOREIGN KEY ("tenant_id","question_id") REFERENCES "public"."question"("tenant_id","id") ON DELETE cascade ON UPDATE no action;