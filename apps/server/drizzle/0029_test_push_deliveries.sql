ALTER TABLE "notification_delivery" ALTER COLUMN "notification_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_delivery" ALTER COLUMN "notice_id" DROP NOT NULL;