CREATE TABLE "certificate" (
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "certificate_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"code" text NOT NULL,
	"person_name" text NOT NULL,
	"item_name" text NOT NULL,
	"organisation" text NOT NULL,
	"mark" real NOT NULL,
	"passed_at" timestamp with time zone NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer,
	"revoke_reason" text,
	CONSTRAINT "certificate_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "content" ALTER COLUMN "settings" SET DEFAULT '{"timeRestriction":null,"passingScore":null,"comments":false,"certificate":false}'::jsonb;--> statement-breakpoint
-- Every item so far gives no certificate: its settings say so, as a new item's do.
UPDATE "content" SET "settings" = "settings" || '{"certificate":false}'::jsonb WHERE NOT "settings" ? 'certificate';--> statement-breakpoint
ALTER TABLE "certificate" ADD CONSTRAINT "certificate_content_fk" FOREIGN KEY ("tenant_id","content_id") REFERENCES "public"."content"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate" ADD CONSTRAINT "certificate_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."app_user"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Deleting the person who withdrew it clears revoked_by only: a plain SET NULL would null tenant_id too.
ALTER TABLE "certificate" ADD CONSTRAINT "certificate_revoked_by_fk" FOREIGN KEY ("tenant_id","revoked_by") REFERENCES "public"."app_user"("tenant_id","id") ON DELETE SET NULL ("revoked_by") ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_holder_key" ON "certificate" USING btree ("tenant_id","content_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_code_key" ON "certificate" USING btree ("tenant_id","code");