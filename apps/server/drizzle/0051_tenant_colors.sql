-- An organisation's colours (issue 34): null is the product's own; the tenants module refuses colours too light
-- to read on the product's surfaces, this only keeps the one stored form.
ALTER TABLE "tenant" ADD COLUMN "primary_color" text;--> statement-breakpoint
ALTER TABLE "tenant" ADD COLUMN "accent_color" text;--> statement-breakpoint
ALTER TABLE "tenant" ADD CONSTRAINT "tenant_primary_color_check" CHECK ("tenant"."primary_color" ~ '^#[0-9a-f]{6}$');--> statement-breakpoint
ALTER TABLE "tenant" ADD CONSTRAINT "tenant_accent_color_check" CHECK ("tenant"."accent_color" ~ '^#[0-9a-f]{6}$');