-- Directory-sync (SCIM) tokens an organisation's admin issues for its directory, stored hashed (issue 31).
CREATE TABLE "scim_token" (
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "scim_token_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" integer,
	"created_by_provider" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "scim_token_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "scim_token_tenant_id_token_hash_key" UNIQUE("tenant_id","token_hash")
);
--> statement-breakpoint
ALTER TABLE "scim_token" ADD CONSTRAINT "scim_token_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Deleting the person who issued a token clears created_by, not the tenant's id: SET NULL of "created_by" only
-- (drizzle cannot say so).
ALTER TABLE "scim_token" ADD CONSTRAINT "scim_token_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."app_user"("tenant_id","id") ON DELETE SET NULL ("created_by");--> statement-breakpoint
CREATE UNIQUE INDEX "scim_token_live_name_key" ON "scim_token" USING btree ("tenant_id",kanal_name_key("name")) WHERE "scim_token"."revoked_at" IS NULL;
