CREATE TYPE "public"."content_configuration" AS ENUM('COMMUNICATION', 'PROMOTION');--> statement-breakpoint
CREATE TYPE "public"."content_status" AS ENUM('draft', 'scheduled', 'published', 'archived');--> statement-breakpoint
CREATE TYPE "public"."content_type" AS ENUM('EDUCATION', 'POLL', 'INQUIRY', 'INFORMATION', 'TASK');--> statement-breakpoint
CREATE TYPE "public"."media_type" AS ENUM('IMAGE', 'VIDEO', 'DOCUMENT');--> statement-breakpoint
CREATE TYPE "public"."question_type" AS ENUM('SINGLE', 'MULTIPLE', 'TEXT', 'LINEAR');--> statement-breakpoint
CREATE TYPE "public"."repeat" AS ENUM('NO_REPEAT', 'DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY');--> statement-breakpoint
CREATE TABLE "answer" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "answer_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"is_correct" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attempt" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attempt_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"final_mark" real NOT NULL,
	"correct" integer NOT NULL,
	"total" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attempt_tenant_id_id_key" UNIQUE("tenant_id","id"),
	CONSTRAINT "attempt_final_mark_range" CHECK ("attempt"."final_mark" BETWEEN 0 AND 1),
	CONSTRAINT "attempt_counts" CHECK ("attempt"."correct" >= 0 AND "attempt"."correct" <= "attempt"."total")
);
--> statement-breakpoint
CREATE TABLE "comment" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "comment_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"type" "content_type" NOT NULL,
	"configuration" "content_configuration" DEFAULT 'COMMUNICATION' NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" uuid,
	"category" text,
	"creator_id" integer NOT NULL,
	"publish_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" "content_status" DEFAULT 'draft' NOT NULL,
	"settings" jsonb DEFAULT '{"timeRestriction":null,"passingScore":null,"comments":false}'::jsonb NOT NULL,
	"audience_all" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_tenant_id_id_key" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "content_audience_group" (
	"tenant_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "content_audience_group_content_id_group_id_pk" PRIMARY KEY("content_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "content_audience_user" (
	"tenant_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "content_audience_user_content_id_user_id_pk" PRIMARY KEY("content_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "content_interaction" (
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"publish_at" timestamp with time zone NOT NULL,
	"is_task" boolean NOT NULL,
	"viewed_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "content_interaction_user_id_content_id_pk" PRIMARY KEY("user_id","content_id")
);
--> statement-breakpoint
CREATE TABLE "material" (
	"content_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"link" text,
	"text" text
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "media_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"type" "media_type" NOT NULL,
	"file_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "points_ledger" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "points_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"content_id" integer,
	"points" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "question_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"type" "question_type" NOT NULL,
	CONSTRAINT "question_tenant_id_id_key" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "task" (
	"content_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"deadline" timestamp with time zone,
	"repeat" "repeat" DEFAULT 'NO_REPEAT' NOT NULL,
	"reminder_minutes" integer
);
--> statement-breakpoint
ALTER TABLE "answer" ADD CONSTRAINT "answer_question_fk" FOREIGN KEY ("tenant_id","question_id") REFERENCES "public"."question"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt" ADD CONSTRAINT "attempt_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."app_user"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt" ADD CONSTRAINT "attempt_content_fk" FOREIGN KEY ("tenant_id","content_id") REFERENCES "public"."content"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment" ADD CONSTRAINT "comment_content_fk" FOREIGN KEY ("tenant_id","content_id") REFERENCES "public"."content"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment" ADD CONSTRAINT "comment_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."app_user"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content" ADD CONSTRAINT "content_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content" ADD CONSTRAINT "content_creator_fk" FOREIGN KEY ("tenant_id","creator_id") REFERENCES "public"."app_user"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content" ADD CONSTRAINT "content_image_fk" FOREIGN KEY ("tenant_id","image") REFERENCES "public"."file"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_audience_group" ADD CONSTRAINT "content_audience_group_content_fk" FOREIGN KEY ("tenant_id","content_id") REFERENCES "public"."content"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_audience_group" ADD CONSTRAINT "content_audience_group_group_fk" FOREIGN KEY ("tenant_id","group_id") REFERENCES "public"."user_group"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_audience_user" ADD CONSTRAINT "content_audience_user_content_fk" FOREIGN KEY ("tenant_id","content_id") REFERENCES "public"."content"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_audience_user" ADD CONSTRAINT "content_audience_user_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."app_user"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_interaction" ADD CONSTRAINT "content_interaction_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."app_user"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_interaction" ADD CONSTRAINT "content_interaction_content_fk" FOREIGN KEY ("tenant_id","content_id") REFERENCES "public"."content"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material" ADD CONSTRAINT "material_content_fk" FOREIGN KEY ("tenant_id","content_id") REFERENCES "public"."content"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_content_fk" FOREIGN KEY ("tenant_id","content_id") REFERENCES "public"."content"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_file_fk" FOREIGN KEY ("tenant_id","file_id") REFERENCES "public"."file"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."app_user"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_content_fk" FOREIGN KEY ("tenant_id","content_id") REFERENCES "public"."content"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question" ADD CONSTRAINT "question_content_fk" FOREIGN KEY ("tenant_id","content_id") REFERENCES "public"."content"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task" ADD CONSTRAINT "task_content_fk" FOREIGN KEY ("tenant_id","content_id") REFERENCES "public"."content"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answer_question_position_idx" ON "answer" USING btree ("tenant_id","question_id","position");--> statement-breakpoint
CREATE INDEX "attempt_user_content_idx" ON "attempt" USING btree ("tenant_id","user_id","content_id");--> statement-breakpoint
CREATE INDEX "attempt_content_idx" ON "attempt" USING btree ("tenant_id","content_id");--> statement-breakpoint
CREATE INDEX "comment_content_user_idx" ON "comment" USING btree ("tenant_id","content_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "content_tenant_creator_idx" ON "content" USING btree ("tenant_id","creator_id");--> statement-breakpoint
CREATE INDEX "content_audience_group_group_idx" ON "content_audience_group" USING btree ("tenant_id","group_id");--> statement-breakpoint
CREATE INDEX "content_audience_user_user_idx" ON "content_audience_user" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "content_interaction_feed_idx" ON "content_interaction" USING btree ("tenant_id","user_id","is_task" DESC NULLS LAST,"publish_at" DESC NULLS LAST,"content_id" DESC NULLS LAST) WHERE "content_interaction"."finished_at" IS NULL;--> statement-breakpoint
CREATE INDEX "content_interaction_content_idx" ON "content_interaction" USING btree ("tenant_id","content_id");--> statement-breakpoint
CREATE INDEX "media_content_position_idx" ON "media" USING btree ("tenant_id","content_id","position");--> statement-breakpoint
CREATE INDEX "points_ledger_user_idx" ON "points_ledger" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "points_ledger_content_idx" ON "points_ledger" USING btree ("tenant_id","content_id");--> statement-breakpoint
CREATE INDEX "question_content_position_idx" ON "question" USING btree ("tenant_id","content_id","position");