-- Directory sync (SCIM 2.0, issue 31): what the directory calls the people and groups it provisions.
CREATE TABLE "scim_group" (
	"tenant_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"external_id" text,
	CONSTRAINT "scim_group_tenant_id_group_id_pk" PRIMARY KEY("tenant_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "scim_user" (
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"user_name" text NOT NULL,
	"external_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scim_user_tenant_id_user_id_pk" PRIMARY KEY("tenant_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "scim_group" ADD CONSTRAINT "scim_group_tenant_id_group_id_user_group_tenant_id_id_fk" FOREIGN KEY ("tenant_id","group_id") REFERENCES "public"."user_group"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_user" ADD CONSTRAINT "scim_user_tenant_id_user_id_app_user_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."app_user"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scim_group_external_id_idx" ON "scim_group" USING btree ("tenant_id","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scim_user_user_name_key" ON "scim_user" USING btree ("tenant_id",lower("user_name"));--> statement-breakpoint
CREATE INDEX "scim_user_external_id_idx" ON "scim_user" USING btree ("tenant_id","external_id");