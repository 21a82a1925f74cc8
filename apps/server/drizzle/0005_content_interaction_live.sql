DROP INDEX "content_interaction_feed_idx";--> statement-breakpoint
ALTER TABLE "content_interaction" ADD COLUMN "live" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Rows kept of archived or withdrawn items (hand-added: the column's value for existing rows).
UPDATE "content_interaction" ci SET "live" = false FROM "content" c
  WHERE c."tenant_id" = ci."tenant_id" AND c."id" = ci."content_id" AND c."status" NOT IN ('published', 'scheduled');--> statement-breakpoint
CREATE INDEX "content_interaction_feed_idx" ON "content_interaction" USING btree ("tenant_id","user_id","is_task" DESC NULLS LAST,"publish_at" DESC NULLS LAST,"content_id" DESC NULLS LAST) WHERE "content_interaction"."finished_at" IS NULL AND "content_interaction"."live";