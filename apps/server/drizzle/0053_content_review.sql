-- Not used in this migration: a value added in a transaction is usable only after it commits.
ALTER TYPE "public"."content_status" ADD VALUE 'review' BEFORE 'scheduled';--> statement-breakpoint
CREATE TABLE "content_review" (
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "content_review_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"action" text NOT NULL,
	"user_id" integer,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_review_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "content_review_action_check" CHECK ("content_review"."action" IN ('submitted', 'approved', 'returned'))
);
--> statement-breakpoint
CREATE TABLE "content_reviewer" (
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "content_reviewer_tenant_id_user_id_pk" PRIMARY KEY("tenant_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "review_policy" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_review" ADD CONSTRAINT "content_review_content_fk" FOREIGN KEY ("tenant_id","content_id") REFERENCES "public"."content"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Deleting the person clears user_id only: a plain SET NULL would null tenant_id too (drizzle cannot say so).
ALTER TABLE "content_review" ADD CONSTRAINT "content_review_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."app_user"("tenant_id","id") ON DELETE SET NULL ("user_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reviewer" ADD CONSTRAINT "content_reviewer_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."app_user"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_policy" ADD CONSTRAINT "review_policy_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_review_content_idx" ON "content_review" USING btree ("tenant_id","content_id","id");