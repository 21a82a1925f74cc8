-- One place for comments (issue 34): staff answer a comment, hide it with a reason or mark it handled, from a
-- queue of the organisation's comments, newest first. A reply's notice goes to its one writer, as often as
-- staff answer: only the published and reminder notices are once per item.
DROP INDEX "content_notice_once_idx";--> statement-breakpoint
ALTER TABLE "comment" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "comment" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comment" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "comment" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comment" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "comment_queue_idx" ON "comment" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "content_notice_once_idx" ON "content_notice" USING btree ("tenant_id","content_id","kind") WHERE "content_notice"."kind" IN ('published', 'reminder');