CREATE TABLE "activity_day" (
	"tenant_id" integer NOT NULL,
	"day" date NOT NULL,
	"type" "content_type" NOT NULL,
	"viewed" integer DEFAULT 0 NOT NULL,
	"finished" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"graded" integer DEFAULT 0 NOT NULL,
	"mark_sum" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "activity_day_tenant_id_day_type_pk" PRIMARY KEY("tenant_id","day","type")
);
--> statement-breakpoint
CREATE TABLE "person_activity" (
	"tenant_id" integer NOT NULL,
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "person_activity_tenant_id_day_user_id_pk" PRIMARY KEY("tenant_id","day","user_id")
);
--> statement-breakpoint
CREATE TABLE "stats_snapshot" (
	"tenant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"body" jsonb NOT NULL,
	CONSTRAINT "stats_snapshot_tenant_id_kind_pk" PRIMARY KEY("tenant_id","kind")
);
--> statement-breakpoint
ALTER TABLE "activity_day" ADD CONSTRAINT "activity_day_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_activity" ADD CONSTRAINT "person_activity_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."app_user"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stats_snapshot" ADD CONSTRAINT "stats_snapshot_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- activity_day follows content_interaction and attempt as content_reach does: each statement adds its net
-- change per (tenant, day, type) once, in key order, so two statements lock the same rows in the same
-- order. A row whose dates did not change adds and removes the same day, which cancels out (HAVING).
-- Changes are summed per item before the item's type is looked up, once per item.
CREATE FUNCTION kanal_activity_from_inbox() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added text := 'SELECT tenant_id, content_id, viewed_at, finished_at, 1 AS sign FROM new_rows
    WHERE viewed_at IS NOT NULL OR finished_at IS NOT NULL';
  removed text := 'SELECT tenant_id, content_id, viewed_at, finished_at, -1 AS sign FROM old_rows
    WHERE viewed_at IS NOT NULL OR finished_at IS NOT NULL';
BEGIN
  EXECUTE format($sql$
    WITH changed AS (%s),
    events AS (
      SELECT tenant_id, content_id, (viewed_at AT TIME ZONE 'Europe/Zagreb')::date AS day, sign AS viewed, 0 AS finished
        FROM changed WHERE viewed_at IS NOT NULL
      UNION ALL
      SELECT tenant_id, content_id, (finished_at AT TIME ZONE 'Europe/Zagreb')::date, 0, sign
        FROM changed WHERE finished_at IS NOT NULL
    ),
    per_item AS (
      SELECT tenant_id, content_id, day, sum(viewed) AS viewed, sum(finished) AS finished
      FROM events GROUP BY tenant_id, content_id, day
      HAVING sum(viewed) <> 0 OR sum(finished) <> 0
    )
    INSERT INTO activity_day AS a (tenant_id, day, type, viewed, finished)
    SELECT p.tenant_id, p.day, c.type, sum(p.viewed), sum(p.finished)
    FROM per_item p JOIN content c ON c.tenant_id = p.tenant_id AND c.id = p.content_id
    GROUP BY p.tenant_id, p.day, c.type
    HAVING sum(p.viewed) <> 0 OR sum(p.finished) <> 0
    ORDER BY p.tenant_id, p.day, c.type
    ON CONFLICT (tenant_id, day, type) DO UPDATE SET
      viewed = a.viewed + excluded.viewed,
      finished = a.finished + excluded.finished$sql$,
    CASE TG_OP WHEN 'INSERT' THEN added WHEN 'DELETE' THEN removed ELSE added || ' UNION ALL ' || removed END);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER activity_day_inbox_insert AFTER INSERT ON content_interaction REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kanal_activity_from_inbox();--> statement-breakpoint
CREATE TRIGGER activity_day_inbox_update AFTER UPDATE ON content_interaction
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kanal_activity_from_inbox();--> statement-breakpoint
CREATE TRIGGER activity_day_inbox_delete AFTER DELETE ON content_interaction REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kanal_activity_from_inbox();--> statement-breakpoint
CREATE FUNCTION kanal_activity_from_attempts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added text := 'SELECT tenant_id, content_id, created_at, final_mark, 1 AS sign FROM new_rows';
  removed text := 'SELECT tenant_id, content_id, created_at, final_mark, -1 AS sign FROM old_rows';
BEGIN
  EXECUTE format($sql$
    WITH per_item AS (
      SELECT tenant_id, content_id, (created_at AT TIME ZONE 'Europe/Zagreb')::date AS day, sum(sign) AS attempts,
        sum(CASE WHEN final_mark IS NULL THEN 0 ELSE sign END) AS graded,
        sum(sign * coalesce(final_mark, 0)::float8) AS mark_sum
      FROM (%s) changed GROUP BY tenant_id, content_id, day
      HAVING sum(sign) <> 0 OR sum(sign * coalesce(final_mark, 0)::float8) <> 0
    )
    INSERT INTO activity_day AS a (tenant_id, day, type, attempts, graded, mark_sum)
    SELECT p.tenant_id, p.day, c.type, sum(p.attempts), sum(p.graded), sum(p.mark_sum)
    FROM per_item p JOIN content c ON c.tenant_id = p.tenant_id AND c.id = p.content_id
    GROUP BY p.tenant_id, p.day, c.type
    ORDER BY p.tenant_id, p.day, c.type
    ON CONFLICT (tenant_id, day, type) DO UPDATE SET
      attempts = a.attempts + excluded.attempts,
      graded = a.graded + excluded.graded,
      mark_sum = a.mark_sum + excluded.mark_sum$sql$,
    CASE TG_OP WHEN 'INSERT' THEN added WHEN 'DELETE' THEN removed ELSE added || ' UNION ALL ' || removed END);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER activity_day_attempt_insert AFTER INSERT ON attempt REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kanal_activity_from_attempts();--> statement-breakpoint
CREATE TRIGGER activity_day_attempt_update AFTER UPDATE ON attempt
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kanal_activity_from_attempts();--> statement-breakpoint
CREATE TRIGGER activity_day_attempt_delete AFTER DELETE ON attempt REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kanal_activity_from_attempts();--> statement-breakpoint
INSERT INTO activity_day (tenant_id, day, type, viewed, finished, attempts, graded, mark_sum)
SELECT tenant_id, day, type, sum(viewed), sum(finished), sum(attempts), sum(graded), sum(mark_sum)
FROM (
  SELECT ci.tenant_id, (ci.viewed_at AT TIME ZONE 'Europe/Zagreb')::date AS day, c.type,
    1 AS viewed, 0 AS finished, 0 AS attempts, 0 AS graded, 0::float8 AS mark_sum
  FROM content_interaction ci JOIN content c ON c.tenant_id = ci.tenant_id AND c.id = ci.content_id
  WHERE ci.viewed_at IS NOT NULL
  UNION ALL
  SELECT ci.tenant_id, (ci.finished_at AT TIME ZONE 'Europe/Zagreb')::date, c.type, 0, 1, 0, 0, 0
  FROM content_interaction ci JOIN content c ON c.tenant_id = ci.tenant_id AND c.id = ci.content_id
  WHERE ci.finished_at IS NOT NULL
  UNION ALL
  SELECT at.tenant_id, (at.created_at AT TIME ZONE 'Europe/Zagreb')::date, c.type, 0, 0, 1,
    (at.final_mark IS NOT NULL)::int, coalesce(at.final_mark, 0)::float8
  FROM attempt at JOIN content c ON c.tenant_id = at.tenant_id AND c.id = at.content_id
) events
GROUP BY tenant_id, day, type;--> statement-breakpoint
INSERT INTO person_activity (tenant_id, day, user_id)
SELECT tenant_id, (created_at AT TIME ZONE 'Europe/Zagreb')::date, user_id FROM session
UNION
SELECT tenant_id, (last_seen_at AT TIME ZONE 'Europe/Zagreb')::date, user_id FROM session;
