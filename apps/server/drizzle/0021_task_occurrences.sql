ALTER TABLE "task" ADD COLUMN "anchor" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "task" ADD COLUMN "occurrence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "task" ADD COLUMN "superseded_at" timestamp with time zone;--> statement-breakpoint
UPDATE "task" SET "anchor" = "deadline" WHERE "repeat" <> 'NO_REPEAT';--> statement-breakpoint
-- Live repeating tasks get their next occurrence's job (content-schedule.ts plans it from here on).
INSERT INTO "job" ("queue", "key", "tenant_id", "payload", "run_at")
SELECT 'task.recur', 'task.recur:' || t."tenant_id" || ':' || t."content_id", t."tenant_id",
  jsonb_build_object('tenantId', t."tenant_id", 'contentId', t."content_id"), t."deadline"
FROM "task" t JOIN "content" c ON c."tenant_id" = t."tenant_id" AND c."id" = t."content_id"
WHERE t."repeat" <> 'NO_REPEAT' AND t."deadline" IS NOT NULL AND c."status" IN ('published', 'scheduled');
