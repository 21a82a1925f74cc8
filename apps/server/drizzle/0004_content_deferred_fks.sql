-- These references protect a row from being deleted while content uses it (a file shown by an item,
-- the user who authored one) yet must not stop a tenant from being deleted whole. Checked at the end
-- of each statement, they fail inside the tenant's own cascade (the file or user row goes before the
-- content that uses it); checked at commit, they see the cascade finished.
ALTER TABLE "content" ALTER CONSTRAINT "content_creator_fk" DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "content" ALTER CONSTRAINT "content_image_fk" DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "media" ALTER CONSTRAINT "media_file_fk" DEFERRABLE INITIALLY DEFERRED;
