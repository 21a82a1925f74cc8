-- Audiences by rule (issue 31, ADR 0051): an item's rules over people's attributes and groups, one jsonb row per item;
-- indexes for the rules' "started after/before" and "job title contains" (folded as kanal_fold folds).
CREATE TABLE "content_audience_rule" (
	"tenant_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"rules" jsonb NOT NULL,
	CONSTRAINT "content_audience_rule_tenant_id_content_id_pk" PRIMARY KEY("tenant_id","content_id")
);
--> statement-breakpoint
ALTER TABLE "content_audience_rule" ADD CONSTRAINT "content_audience_rule_content_fk" FOREIGN KEY ("tenant_id","content_id") REFERENCES "public"."content"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_user_start_date_idx" ON "app_user" USING btree ("tenant_id","start_date");--> statement-breakpoint
CREATE INDEX "app_user_job_title_trgm_idx" ON "app_user" USING gin (kanal_fold("job_title") gin_trgm_ops);