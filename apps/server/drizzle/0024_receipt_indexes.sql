DROP INDEX "notification_delivery_due_idx";--> statement-breakpoint
CREATE INDEX "notification_content_idx" ON "notification" USING btree ("tenant_id","content_id");--> statement-breakpoint
CREATE INDEX "notification_delivery_user_idx" ON "notification_delivery" USING btree ("tenant_id","user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notification_delivery_due_idx" ON "notification_delivery" USING btree ("channel","run_at","id") WHERE "notification_delivery"."state" = 'queued';