-- No row that one person's submission, opening or finish writes or locks is written or locked by another's at
-- the same time (ADR 0052): the counters the inbox and attempts keep go to the slot of the writing session, and
-- the rows a submission stores no longer reference the item's or its questions' rows (their foreign-key checks
-- locked those rows FOR KEY SHARE in every submission); deleting an item or a question deletes them instead.
ALTER TABLE "attempt" DROP CONSTRAINT "attempt_content_fk";
--> statement-breakpoint
ALTER TABLE "attempt_answer" DROP CONSTRAINT "attempt_answer_question_fk";
--> statement-breakpoint
ALTER TABLE "points_ledger" DROP CONSTRAINT "points_ledger_content_fk";
--> statement-breakpoint
ALTER TABLE "poll_response" DROP CONSTRAINT "poll_response_content_fk";
--> statement-breakpoint
ALTER TABLE "poll_response" DROP CONSTRAINT "poll_response_question_fk";
--> statement-breakpoint
ALTER TABLE "question_check" DROP CONSTRAINT "question_check_content_fk";
--> statement-breakpoint
ALTER TABLE "question_check" DROP CONSTRAINT "question_check_question_fk";
--> statement-breakpoint
ALTER TABLE "submission_key" DROP CONSTRAINT "submission_key_content_fk";
--> statement-breakpoint
ALTER TABLE "content_reach" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "content_reach" ALTER COLUMN "slot" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "activity_day" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_day" ALTER COLUMN "slot" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "content_reach" DROP CONSTRAINT "content_reach_tenant_id_content_id_pk";--> statement-breakpoint
ALTER TABLE "activity_day" DROP CONSTRAINT "activity_day_tenant_id_day_type_pk";--> statement-breakpoint
ALTER TABLE "content_reach" ADD CONSTRAINT "content_reach_tenant_id_content_id_slot_pk" PRIMARY KEY("tenant_id","content_id","slot");--> statement-breakpoint
ALTER TABLE "activity_day" ADD CONSTRAINT "activity_day_tenant_id_day_type_slot_pk" PRIMARY KEY("tenant_id","day","type","slot");--> statement-breakpoint
-- The counter row a session writes to: one of 16 per key, by the session's server process. Two transactions of
-- one session never run at once, so a session never waits for its own slot; two sessions share one only when
-- their process ids do modulo 16, and then two wait, not every session of a busy morning.
CREATE FUNCTION kanal_counter_slot() RETURNS smallint LANGUAGE sql STABLE PARALLEL SAFE
RETURN (pg_backend_pid() % 16)::smallint;--> statement-breakpoint
CREATE OR REPLACE FUNCTION kanal_content_reach() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added text := 'SELECT tenant_id, content_id, 1 AS audience, (viewed_at IS NOT NULL)::int AS viewed,
    (finished_at IS NOT NULL)::int AS finished FROM new_rows';
  removed text := 'SELECT tenant_id, content_id, -1 AS audience, -(viewed_at IS NOT NULL)::int AS viewed,
    -(finished_at IS NOT NULL)::int AS finished FROM old_rows';
BEGIN
  EXECUTE format($sql$
    INSERT INTO content_reach AS r (tenant_id, content_id, slot, audience, viewed, finished)
    SELECT d.tenant_id, d.content_id, kanal_counter_slot(), sum(d.audience), sum(d.viewed), sum(d.finished)
    FROM (%s) d
    WHERE EXISTS (SELECT FROM content c WHERE c.tenant_id = d.tenant_id AND c.id = d.content_id)
    GROUP BY d.tenant_id, d.content_id
    HAVING sum(d.audience) <> 0 OR sum(d.viewed) <> 0 OR sum(d.finished) <> 0
    ORDER BY d.tenant_id, d.content_id
    ON CONFLICT (tenant_id, content_id, slot) DO UPDATE SET
      audience = r.audience + excluded.audience,
      viewed = r.viewed + excluded.viewed,
      finished = r.finished + excluded.finished$sql$,
    CASE TG_OP WHEN 'INSERT' THEN added WHEN 'DELETE' THEN removed ELSE added || ' UNION ALL ' || removed END);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION kanal_activity_from_inbox() RETURNS trigger LANGUAGE plpgsql AS $$
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
    INSERT INTO activity_day AS a (tenant_id, day, type, slot, viewed, finished)
    SELECT p.tenant_id, p.day, c.type, kanal_counter_slot(), sum(p.viewed), sum(p.finished)
    FROM per_item p JOIN content c ON c.tenant_id = p.tenant_id AND c.id = p.content_id
    GROUP BY p.tenant_id, p.day, c.type
    HAVING sum(p.viewed) <> 0 OR sum(p.finished) <> 0
    ORDER BY p.tenant_id, p.day, c.type
    ON CONFLICT (tenant_id, day, type, slot) DO UPDATE SET
      viewed = a.viewed + excluded.viewed,
      finished = a.finished + excluded.finished$sql$,
    CASE TG_OP WHEN 'INSERT' THEN added WHEN 'DELETE' THEN removed ELSE added || ' UNION ALL ' || removed END);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION kanal_activity_from_attempts() RETURNS trigger LANGUAGE plpgsql AS $$
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
    INSERT INTO activity_day AS a (tenant_id, day, type, slot, attempts, graded, mark_sum)
    SELECT p.tenant_id, p.day, c.type, kanal_counter_slot(), sum(p.attempts), sum(p.graded), sum(p.mark_sum)
    FROM per_item p JOIN content c ON c.tenant_id = p.tenant_id AND c.id = p.content_id
    GROUP BY p.tenant_id, p.day, c.type
    ORDER BY p.tenant_id, p.day, c.type
    ON CONFLICT (tenant_id, day, type, slot) DO UPDATE SET
      attempts = a.attempts + excluded.attempts,
      graded = a.graded + excluded.graded,
      mark_sum = a.mark_sum + excluded.mark_sum$sql$,
    CASE TG_OP WHEN 'INSERT' THEN added WHEN 'DELETE' THEN removed ELSE added || ' UNION ALL ' || removed END);
  RETURN NULL;
END $$;--> statement-breakpoint
-- What the dropped foreign keys cascaded. An item's rows go with it in the deleting statement, which deleted
-- the item's inbox rows first (their foreign key cascades before this runs): a submission in flight holds its
-- person's inbox row, so the deletion waited for it to commit and sees what it stored, and one that comes
-- later finds no inbox row and stores nothing. Answers of a deleted question go too (only an item nobody has
-- answered has its questions replaced).
CREATE FUNCTION kanal_forget_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM attempt a USING gone g WHERE a.tenant_id = g.tenant_id AND a.content_id = g.id;
  DELETE FROM poll_response r USING gone g WHERE r.tenant_id = g.tenant_id AND r.content_id = g.id;
  DELETE FROM submission_key k USING gone g WHERE k.tenant_id = g.tenant_id AND k.content_id = g.id;
  DELETE FROM points_ledger p USING gone g WHERE p.tenant_id = g.tenant_id AND p.content_id = g.id;
  DELETE FROM question_check q USING gone g WHERE q.tenant_id = g.tenant_id AND q.content_id = g.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER content_deleted_forgets_its_answers AFTER DELETE ON content REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION kanal_forget_items();--> statement-breakpoint
CREATE FUNCTION kanal_forget_questions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM attempt_answer aa USING attempt a, gone g
    WHERE a.tenant_id = g.tenant_id AND a.content_id = g.content_id
      AND aa.tenant_id = a.tenant_id AND aa.attempt_id = a.id AND aa.question_id = g.id;
  DELETE FROM poll_response r USING gone g
    WHERE r.tenant_id = g.tenant_id AND r.content_id = g.content_id AND r.question_id = g.id;
  DELETE FROM question_check q USING gone g
    WHERE q.tenant_id = g.tenant_id AND q.content_id = g.content_id AND q.question_id = g.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER question_deleted_forgets_its_answers AFTER DELETE ON question REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION kanal_forget_questions();
