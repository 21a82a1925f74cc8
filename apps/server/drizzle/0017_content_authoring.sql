CREATE TABLE "content_notice" (
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "content_notice_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"requested_by" integer NOT NULL,
	"recipients" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_notice_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "content_reach" (
	"tenant_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"audience" integer DEFAULT 0 NOT NULL,
	"viewed" integer DEFAULT 0 NOT NULL,
	"finished" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "content_reach_tenant_id_content_id_pk" PRIMARY KEY("tenant_id","content_id")
);
--> statement-breakpoint
ALTER TABLE "content" ADD COLUMN "search_text" text GENERATED ALWAYS AS (kanal_fold("content"."name" || ' ' || coalesce("content"."category", ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "content_notice" ADD CONSTRAINT "content_notice_content_fk" FOREIGN KEY ("tenant_id","content_id") REFERENCES "public"."content"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reach" ADD CONSTRAINT "content_reach_content_fk" FOREIGN KEY ("tenant_id","content_id") REFERENCES "public"."content"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_notice_content_idx" ON "content_notice" USING btree ("tenant_id","content_id");--> statement-breakpoint
CREATE INDEX "content_publish_idx" ON "content" USING btree ("tenant_id","publish_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "content_search_trgm_idx" ON "content" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- content_reach follows content_interaction: each statement adds its net change per item once, in item
-- order (so two statements over several items lock their counts in the same order), and skips items
-- deleted in the same transaction (their inbox rows go by cascade, and their counts with them).
CREATE FUNCTION kanal_content_reach() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added text := 'SELECT tenant_id, content_id, 1 AS audience, (viewed_at IS NOT NULL)::int AS viewed,
    (finished_at IS NOT NULL)::int AS finished FROM new_rows';
  removed text := 'SELECT tenant_id, content_id, -1 AS audience, -(viewed_at IS NOT NULL)::int AS viewed,
    -(finished_at IS NOT NULL)::int AS finished FROM old_rows';
BEGIN
  EXECUTE format($sql$
    INSERT INTO content_reach AS r (tenant_id, content_id, audience, viewed, finished)
    SELECT d.tenant_id, d.content_id, sum(d.audience), sum(d.viewed), sum(d.finished)
    FROM (%s) d
    WHERE EXISTS (SELECT FROM content c WHERE c.tenant_id = d.tenant_id AND c.id = d.content_id)
    GROUP BY d.tenant_id, d.content_id
    HAVING sum(d.audience) <> 0 OR sum(d.viewed) <> 0 OR sum(d.finished) <> 0
    ORDER BY d.tenant_id, d.content_id
    ON CONFLICT (tenant_id, content_id) DO UPDATE SET
      audience = r.audience + excluded.audience,
      viewed = r.viewed + excluded.viewed,
      finished = r.finished + excluded.finished$sql$,
    CASE TG_OP WHEN 'INSERT' THEN added WHEN 'DELETE' THEN removed ELSE added || ' UNION ALL ' || removed END);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER content_reach_insert AFTER INSERT ON content_interaction REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kanal_content_reach();--> statement-breakpoint
CREATE TRIGGER content_reach_update AFTER UPDATE ON content_interaction
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kanal_content_reach();--> statement-breakpoint
CREATE TRIGGER content_reach_delete AFTER DELETE ON content_interaction REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kanal_content_reach();--> statement-breakpoint
INSERT INTO content_reach (tenant_id, content_id, audience, viewed, finished)
SELECT tenant_id, content_id, count(*), count(viewed_at), count(finished_at)
FROM content_interaction GROUP BY tenant_id, content_id;
