DROP INDEX "content_interaction_feed_idx";--> statement-breakpoint
ALTER TABLE "content_interaction" ADD COLUMN "deadline" timestamp with time zone;--> statement-breakpoint
-- Existing rows of tasks take their deadline (hand-added: the column's value for existing rows).
UPDATE "content_interaction" ci SET "deadline" = t."deadline" FROM "task" t
  WHERE t."tenant_id" = ci."tenant_id" AND t."content_id" = ci."content_id" AND t."deadline" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "content_interaction_feed_idx" ON "content_interaction" USING btree ("tenant_id","user_id","is_task" DESC NULLS LAST,"deadline","publish_at" DESC NULLS LAST,"content_id" DESC NULLS LAST,"viewed_at") WHERE "content_interaction"."finished_at" IS NULL AND "content_interaction"."live";