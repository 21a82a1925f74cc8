-- A session started through an organisation's identity provider remembers it, with the provider's ID token
-- (sealed), so that signing out can end the session at the provider too (issue 31).
ALTER TABLE "session" ADD COLUMN "provider_id" integer;--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "id_token_sealed" text;--> statement-breakpoint
ALTER TABLE "sso_ticket" ADD COLUMN "id_token_sealed" text;--> statement-breakpoint
-- Deleting the provider leaves its sessions running without it: SET NULL of "provider_id" only, not of the
-- tenant's id (drizzle cannot say so).
ALTER TABLE "session" ADD CONSTRAINT "session_tenant_id_provider_id_identity_provider_tenant_id_id_fk" FOREIGN KEY ("tenant_id","provider_id") REFERENCES "public"."identity_provider"("tenant_id","id") ON DELETE SET NULL ("provider_id");
