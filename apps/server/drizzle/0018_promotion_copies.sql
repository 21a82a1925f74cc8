CREATE TABLE "promotion_copy" (
	"tenant_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"source_tenant_id" integer NOT NULL,
	"source_id" integer NOT NULL,
	"sent" boolean DEFAULT true NOT NULL,
	CONSTRAINT "promotion_copy_tenant_id_content_id_pk" PRIMARY KEY("tenant_id","content_id"),
	CONSTRAINT "promotion_copy_source_key" UNIQUE("tenant_id","source_tenant_id","source_id")
);
--> statement-breakpoint
ALTER TABLE "promotion_copy" ADD CONSTRAINT "promotion_copy_source_tenant_id_tenant_id_fk" FOREIGN KEY ("source_tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_copy" ADD CONSTRAINT "promotion_copy_content_fk" FOREIGN KEY ("tenant_id","content_id") REFERENCES "public"."content"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promotion_copy_source_idx" ON "promotion_copy" USING btree ("source_tenant_id","source_id");