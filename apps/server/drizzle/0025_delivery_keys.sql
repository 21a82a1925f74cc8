ALTER TABLE "notification_delivery" DROP CONSTRAINT "notification_delivery_notification_fk";
--> statement-breakpoint
ALTER TABLE "notification_delivery" ADD COLUMN "notice_id" integer;--> statement-breakpoint
UPDATE "notification_delivery" d SET "notice_id" = n."notice_id"
FROM "notification" n WHERE n."tenant_id" = d."tenant_id" AND n."id" = d."notification_id";--> statement-breakpoint
DELETE FROM "notification_delivery" WHERE "notice_id" IS NULL;--> statement-breakpoint
ALTER TABLE "notification_delivery" ALTER COLUMN "notice_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_delivery" ADD CONSTRAINT "notification_delivery_notice_fk" FOREIGN KEY ("tenant_id","notice_id") REFERENCES "public"."content_notice"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_delivery" ADD CONSTRAINT "notification_delivery_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."app_user"("tenant_id","id") ON DELETE cascade ON UPDATE no action;