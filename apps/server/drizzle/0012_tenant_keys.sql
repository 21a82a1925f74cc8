-- Every primary and unique key of a tenant's table starts with tenant_id, and every foreign key between
-- them carries it (src/db/tenant-keys.test.ts), so the schema can be distributed by tenant (DESIGN.md §7).
-- A key that foreign keys use cannot be replaced under them: those are dropped first and added back after,
-- unchanged (content_creator_fk, content_image_fk, media_file_fk deferred again, as in 0004).
ALTER TABLE "attempt" DROP CONSTRAINT "attempt_user_fk";--> statement-breakpoint
ALTER TABLE "comment" DROP CONSTRAINT "comment_user_fk";--> statement-breakpoint
ALTER TABLE "content" DROP CONSTRAINT "content_creator_fk";--> statement-breakpoint
ALTER TABLE "content_audience_user" DROP CONSTRAINT "content_audience_user_user_fk";--> statement-breakpoint
ALTER TABLE "content_interaction" DROP CONSTRAINT "content_interaction_user_fk";--> statement-breakpoint
ALTER TABLE "group_member" DROP CONSTRAINT "group_member_tenant_id_user_id_app_user_tenant_id_id_fk";--> statement-breakpoint
ALTER TABLE "password_token" DROP CONSTRAINT "password_token_tenant_id_user_id_app_user_tenant_id_id_fk";--> statement-breakpoint
ALTER TABLE "points_ledger" DROP CONSTRAINT "points_ledger_user_fk";--> statement-breakpoint
ALTER TABLE "question_check" DROP CONSTRAINT "question_check_user_fk";--> statement-breakpoint
ALTER TABLE "session" DROP CONSTRAINT "session_tenant_id_user_id_app_user_tenant_id_id_fk";--> statement-breakpoint
ALTER TABLE "submission_key" DROP CONSTRAINT "submission_key_user_fk";--> statement-breakpoint
ALTER TABLE "trusted_device" DROP CONSTRAINT "trusted_device_tenant_id_user_id_app_user_tenant_id_id_fk";--> statement-breakpoint
ALTER TABLE "attempt_answer" DROP CONSTRAINT "attempt_answer_attempt_fk";--> statement-breakpoint
ALTER TABLE "attempt" DROP CONSTRAINT "attempt_content_fk";--> statement-breakpoint
ALTER TABLE "comment" DROP CONSTRAINT "comment_content_fk";--> statement-breakpoint
ALTER TABLE "content_audience_group" DROP CONSTRAINT "content_audience_group_content_fk";--> statement-breakpoint
ALTER TABLE "content_audience_user" DROP CONSTRAINT "content_audience_user_content_fk";--> statement-breakpoint
ALTER TABLE "content_interaction" DROP CONSTRAINT "content_interaction_content_fk";--> statement-breakpoint
ALTER TABLE "material" DROP CONSTRAINT "material_content_fk";--> statement-breakpoint
ALTER TABLE "media" DROP CONSTRAINT "media_content_fk";--> statement-breakpoint
ALTER TABLE "points_ledger" DROP CONSTRAINT "points_ledger_content_fk";--> statement-breakpoint
ALTER TABLE "poll_response" DROP CONSTRAINT "poll_response_content_fk";--> statement-breakpoint
ALTER TABLE "question" DROP CONSTRAINT "question_content_fk";--> statement-breakpoint
ALTER TABLE "question_check" DROP CONSTRAINT "question_check_content_fk";--> statement-breakpoint
ALTER TABLE "submission_key" DROP CONSTRAINT "submission_key_content_fk";--> statement-breakpoint
ALTER TABLE "task" DROP CONSTRAINT "task_content_fk";--> statement-breakpoint
ALTER TABLE "content" DROP CONSTRAINT "content_image_fk";--> statement-breakpoint
ALTER TABLE "media" DROP CONSTRAINT "media_file_fk";--> statement-breakpoint
ALTER TABLE "answer" DROP CONSTRAINT "answer_question_fk";--> statement-breakpoint
ALTER TABLE "attempt_answer" DROP CONSTRAINT "attempt_answer_question_fk";--> statement-breakpoint
ALTER TABLE "poll_response" DROP CONSTRAINT "poll_response_question_fk";--> statement-breakpoint
ALTER TABLE "question_check" DROP CONSTRAINT "question_check_question_fk";--> statement-breakpoint
ALTER TABLE "content_audience_group" DROP CONSTRAINT "content_audience_group_group_fk";--> statement-breakpoint
ALTER TABLE "group_member" DROP CONSTRAINT "group_member_tenant_id_group_id_user_group_tenant_id_id_fk";--> statement-breakpoint
-- The audit trail records its user without referencing it (see schema/auth.ts); the logo's key carries its tenant.
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_user_id_app_user_id_fk";--> statement-breakpoint
ALTER TABLE "tenant" DROP CONSTRAINT "tenant_image_file_id_fk";--> statement-breakpoint
-- (tenant_id, id) becomes the primary key where it was a unique beside the primary key (id).
ALTER TABLE "app_user" DROP CONSTRAINT "app_user_tenant_id_id_key";--> statement-breakpoint
ALTER TABLE "user_group" DROP CONSTRAINT "user_group_tenant_id_id_key";--> statement-breakpoint
ALTER TABLE "file" DROP CONSTRAINT "file_tenant_id_id_key";--> statement-breakpoint
ALTER TABLE "content" DROP CONSTRAINT "content_tenant_id_id_key";--> statement-breakpoint
ALTER TABLE "question" DROP CONSTRAINT "question_tenant_id_id_key";--> statement-breakpoint
ALTER TABLE "attempt" DROP CONSTRAINT "attempt_tenant_id_id_key";--> statement-breakpoint
ALTER TABLE "app_user" DROP CONSTRAINT "app_user_pkey";--> statement-breakpoint
ALTER TABLE "app_user" ADD CONSTRAINT "app_user_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "user_group" DROP CONSTRAINT "user_group_pkey";--> statement-breakpoint
ALTER TABLE "user_group" ADD CONSTRAINT "user_group_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "group_member" DROP CONSTRAINT "group_member_group_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "group_member" ADD CONSTRAINT "group_member_tenant_id_group_id_user_id_pk" PRIMARY KEY("tenant_id","group_id","user_id");--> statement-breakpoint
ALTER TABLE "session" DROP CONSTRAINT "session_pkey";--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "password_token" DROP CONSTRAINT "password_token_pkey";--> statement-breakpoint
ALTER TABLE "password_token" ADD CONSTRAINT "password_token_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "file" DROP CONSTRAINT "file_pkey";--> statement-breakpoint
ALTER TABLE "file" ADD CONSTRAINT "file_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "content" DROP CONSTRAINT "content_pkey";--> statement-breakpoint
ALTER TABLE "content" ADD CONSTRAINT "content_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "content_audience_group" DROP CONSTRAINT "content_audience_group_content_id_group_id_pk";--> statement-breakpoint
ALTER TABLE "content_audience_group" ADD CONSTRAINT "content_audience_group_tenant_id_content_id_group_id_pk" PRIMARY KEY("tenant_id","content_id","group_id");--> statement-breakpoint
ALTER TABLE "content_audience_user" DROP CONSTRAINT "content_audience_user_content_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "content_audience_user" ADD CONSTRAINT "content_audience_user_tenant_id_content_id_user_id_pk" PRIMARY KEY("tenant_id","content_id","user_id");--> statement-breakpoint
ALTER TABLE "material" DROP CONSTRAINT "material_pkey";--> statement-breakpoint
ALTER TABLE "material" ADD CONSTRAINT "material_tenant_id_content_id_pk" PRIMARY KEY("tenant_id","content_id");--> statement-breakpoint
ALTER TABLE "media" DROP CONSTRAINT "media_pkey";--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "question" DROP CONSTRAINT "question_pkey";--> statement-breakpoint
ALTER TABLE "question" ADD CONSTRAINT "question_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "answer" DROP CONSTRAINT "answer_pkey";--> statement-breakpoint
ALTER TABLE "answer" ADD CONSTRAINT "answer_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "task" DROP CONSTRAINT "task_pkey";--> statement-breakpoint
ALTER TABLE "task" ADD CONSTRAINT "task_tenant_id_content_id_pk" PRIMARY KEY("tenant_id","content_id");--> statement-breakpoint
ALTER TABLE "content_interaction" DROP CONSTRAINT "content_interaction_user_id_content_id_pk";--> statement-breakpoint
ALTER TABLE "content_interaction" ADD CONSTRAINT "content_interaction_tenant_id_user_id_content_id_pk" PRIMARY KEY("tenant_id","user_id","content_id");--> statement-breakpoint
ALTER TABLE "comment" DROP CONSTRAINT "comment_pkey";--> statement-breakpoint
ALTER TABLE "comment" ADD CONSTRAINT "comment_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "attempt" DROP CONSTRAINT "attempt_pkey";--> statement-breakpoint
ALTER TABLE "attempt" ADD CONSTRAINT "attempt_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "attempt_answer" DROP CONSTRAINT "attempt_answer_pkey";--> statement-breakpoint
ALTER TABLE "attempt_answer" ADD CONSTRAINT "attempt_answer_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "poll_response" DROP CONSTRAINT "poll_response_pkey";--> statement-breakpoint
ALTER TABLE "poll_response" ADD CONSTRAINT "poll_response_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "submission_key" DROP CONSTRAINT "submission_key_user_id_key_pk";--> statement-breakpoint
ALTER TABLE "submission_key" ADD CONSTRAINT "submission_key_tenant_id_user_id_key_pk" PRIMARY KEY("tenant_id","user_id","key");--> statement-breakpoint
ALTER TABLE "points_ledger" DROP CONSTRAINT "points_ledger_pkey";--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
-- The primary key (tenant_id, id) serves what this index did.
DROP INDEX "file_tenant_id_index";--> statement-breakpoint
-- Tokens name their tenant (lib/tokens.ts): looked up by tenant and hash.
ALTER TABLE "session" DROP CONSTRAINT "session_tokenHash_unique";--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_tenant_id_token_hash_key" UNIQUE("tenant_id","token_hash");--> statement-breakpoint
ALTER TABLE "password_token" DROP CONSTRAINT "password_token_tokenHash_unique";--> statement-breakpoint
ALTER TABLE "password_token" ADD CONSTRAINT "password_token_tenant_id_token_hash_key" UNIQUE("tenant_id","token_hash");--> statement-breakpoint
ALTER TABLE "trusted_device" DROP CONSTRAINT "trusted_device_tokenHash_unique";--> statement-breakpoint
ALTER TABLE "trusted_device" ADD CONSTRAINT "trusted_device_tenant_id_token_hash_key" UNIQUE("tenant_id","token_hash");--> statement-breakpoint
ALTER TABLE "attempt" ADD CONSTRAINT "attempt_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."app_user"("tenant_id","id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "comment" ADD CONSTRAINT "comment_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."app_user"("tenant_id","id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "content" ADD CONSTRAINT "content_creator_fk" FOREIGN KEY ("tenant_id","creator_id") REFERENCES "public"."app_user"("tenant_id","id") DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "content_audience_user" ADD CONSTRAINT "content_audience_user_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."app_user"("tenant_id","id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "content_interaction" ADD CONSTRAINT "content_interaction_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."app_user"("tenant_id","id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "group_member" ADD CONSTRAINT "group_member_tenant_id_user_id_app_user_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."app_user"("tenant_id","id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "password_token" ADD CONSTRAINT "password_token_tenant_id_user_id_app_user_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."app_user"("tenant_id","id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."app_user"("tenant_id","id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "question_check" ADD CONSTRAINT "question_check_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."app_user"("tenant_id","id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_tenant_id_user_id_app_user_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."app_user"("tenant_id","id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "submission_key" ADD CONSTRAINT "submission_key_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."app_user"("tenant_id","id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "trusted_device" ADD CONSTRAINT "trusted_device_tenant_id_user_id_app_user_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."app_user"("tenant_id","id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "attempt_answer" ADD CONSTRAINT "attempt_answer_attempt_fk" FOREIGN KEY ("tenant_id","attempt_id") REFERENCES "public"."attempt"("tenant_id","id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "attempt" ADD CONSTRAINT "attempt_content_fk" FOREIGN KEY ("tenant_id","content_id") REFERENCES "public"."content"("tenant_id","id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "comment" ADD CONSTRAINT "comment_content_fk" FOREIGN KEY ("tenant_id","content_id") REFERENCES "public"."content"("tenant_id","id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "content_audience_group" ADD CONSTRAINT "content_audience_group_content_fk" FOREIGN KEY ("tenant_id","content_id") REFERENCES "public"."content"("tenant_id","id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "content_audience_user" ADD CONSTRAINT "content_audience_user_content_fk" FOREIGN KEY ("tenant_id","content_id") REFERENCES "public"."content"("tenant_id","id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "content_interaction" ADD CONSTRAINT "content_interaction_content_fk" FOREIGN KEY ("tenant_id","content_id") REFERENCES "public"."content"("tenant_id","id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "material" ADD CONSTRAINT "material_content_fk" FOREIGN KEY ("tenant_id","content_id") REFERENCES "public"."content"("tenant_id","id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_content_fk" FOREIGN KEY ("tenant_id","content_id") REFERENCES "public"."content"("tenant_id","id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_content_fk" FOREIGN KEY ("tenant_id","content_id") REFERENCES "public"."content"("tenant_id","id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "poll_response" ADD CONSTRAINT "poll_response_content_fk" FOREIGN KEY ("tenant_id","content_id") REFERENCES "public"."content"("tenant_id","id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "question" ADD CONSTRAINT "question_content_fk" FOREIGN KEY ("tenant_id","content_id") REFERENCES "public"."content"("tenant_id","id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "question_check" ADD CONSTRAINT "question_check_content_fk" FOREIGN KEY ("tenant_id","content_id") REFERENCES "public"."content"("tenant_id","id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "submission_key" ADD CONSTRAINT "submission_key_content_fk" FOREIGN KEY ("tenant_id","content_id") REFERENCES "public"."content"("tenant_id","id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "task" ADD CONSTRAINT "task_content_fk" FOREIGN KEY ("tenant_id","content_id") REFERENCES "public"."content"("tenant_id","id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "content" ADD CONSTRAINT "content_image_fk" FOREIGN KEY ("tenant_id","image") REFERENCES "public"."file"("tenant_id","id") DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_file_fk" FOREIGN KEY ("tenant_id","file_id") REFERENCES "public"."file"("tenant_id","id") DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "answer" ADD CONSTRAINT "answer_question_fk" FOREIGN KEY ("tenant_id","question_id") REFERENCES "public"."question"("tenant_id","id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "attempt_answer" ADD CONSTRAINT "attempt_answer_question_fk" FOREIGN KEY ("tenant_id","question_id") REFERENCES "public"."question"("tenant_id","id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "poll_response" ADD CONSTRAINT "poll_response_question_fk" FOREIGN KEY ("tenant_id","question_id") REFERENCES "public"."question"("tenant_id","id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "question_check" ADD CONSTRAINT "question_check_question_fk" FOREIGN KEY ("tenant_id","question_id") REFERENCES "public"."question"("tenant_id","id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "content_audience_group" ADD CONSTRAINT "content_audience_group_group_fk" FOREIGN KEY ("tenant_id","group_id") REFERENCES "public"."user_group"("tenant_id","id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "group_member" ADD CONSTRAINT "group_member_tenant_id_group_id_user_group_tenant_id_id_fk" FOREIGN KEY ("tenant_id","group_id") REFERENCES "public"."user_group"("tenant_id","id") ON DELETE cascade;--> statement-breakpoint
-- Deleting the logo's file clears the logo, not the tenant's id: SET NULL of "image" only (drizzle cannot say so).
ALTER TABLE "tenant" ADD CONSTRAINT "tenant_id_image_file_tenant_id_id_fk" FOREIGN KEY ("id","image") REFERENCES "public"."file"("tenant_id","id") ON DELETE SET NULL ("image");--> statement-breakpoint
-- Sign-in identifiers move out of app_user's global unique indexes into a table of their own. An account
-- whose e-mail and username are the same text has one row; an e-mail equal to another account's username
-- (which the old indexes allowed, and sign-in could not tell apart) stops this migration.
CREATE TABLE "login_identifier" (
	"identifier" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "login_identifier" ADD CONSTRAINT "login_identifier_tenant_id_user_id_app_user_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."app_user"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_identifier_tenant_id_user_id_index" ON "login_identifier" USING btree ("tenant_id","user_id");--> statement-breakpoint
INSERT INTO "login_identifier" ("identifier", "tenant_id", "user_id")
  SELECT lower("email"), "tenant_id", "id" FROM "app_user" WHERE "email" IS NOT NULL
  UNION
  SELECT lower("username"), "tenant_id", "id" FROM "app_user" WHERE "username" IS NOT NULL;--> statement-breakpoint
DROP INDEX "app_user_email_lower_key";--> statement-breakpoint
DROP INDEX "app_user_username_lower_key";
