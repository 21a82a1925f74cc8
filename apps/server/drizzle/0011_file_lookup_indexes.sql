CREATE INDEX "content_image_idx" ON "content" USING btree ("tenant_id","image") WHERE "content"."image" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "media_file_idx" ON "media" USING btree ("tenant_id","file_id");--> statement-breakpoint
CREATE INDEX "app_user_avatar_idx" ON "app_user" USING btree ("tenant_id","avatar") WHERE "app_user"."avatar" IS NOT NULL;