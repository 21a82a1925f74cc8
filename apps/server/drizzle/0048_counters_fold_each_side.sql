-- The counters' statement triggers hold only their keys' net change, not the rows (issue 32). Migration 0047
-- copied every changed row into an array so that one static statement could read both sides; a statement
-- changing millions of inbox rows (a large tenant deleted, the bench's data set made) then failed at
-- PostgreSQL's 1 GB array limit, and held its rows in memory below it. Each side is now folded to its keys'
-- counts where it is read (a static statement per side, each planned once), and the final statement adds
-- up those few changes: memory grows with the items, days and people changed, not with the rows. What each
-- counts is unchanged.
CREATE TYPE kanal_reach_change AS (tenant_id integer, content_id integer, audience integer, viewed integer,
  finished integer, owing integer);--> statement-breakpoint
CREATE TYPE kanal_activity_change AS (tenant_id integer, content_id integer, day date, viewed integer,
  finished integer);--> statement-breakpoint
CREATE TYPE kanal_person_change AS (tenant_id integer, user_id integer, due_from timestamptz, received integer,
  finished integer);--> statement-breakpoint
CREATE TYPE kanal_attempt_change AS (tenant_id integer, content_id integer, day date, attempts integer,
  graded integer, mark_sum float8);--> statement-breakpoint
CREATE OR REPLACE FUNCTION kanal_content_reach() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes kanal_reach_change[] := '{}';
BEGIN
  -- A side is read by its own statement: a transition table exists only for the operations that make it.
  IF TG_OP <> 'DELETE' THEN
    changes := ARRAY(
      SELECT ROW(tenant_id, content_id, count(*), count(viewed_at), count(finished_at),
        count(*) FILTER (WHERE finished_at IS NULL AND deadline IS NOT NULL AND (received_at IS NULL OR received_at < deadline))
      )::kanal_reach_change
      FROM new_rows GROUP BY tenant_id, content_id);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    changes := changes || ARRAY(
      SELECT ROW(tenant_id, content_id, -count(*), -count(viewed_at), -count(finished_at),
        -count(*) FILTER (WHERE finished_at IS NULL AND deadline IS NOT NULL AND (received_at IS NULL OR received_at < deadline))
      )::kanal_reach_change
      FROM old_rows GROUP BY tenant_id, content_id);
  END IF;
  INSERT INTO content_reach AS r (tenant_id, content_id, slot, audience, viewed, finished, unfinished_by_deadline)
  SELECT d.tenant_id, d.content_id, kanal_counter_slot(), sum(d.audience), sum(d.viewed), sum(d.finished), sum(d.owing)
  FROM unnest(changes) d
  WHERE EXISTS (SELECT FROM content c WHERE c.tenant_id = d.tenant_id AND c.id = d.content_id)
  GROUP BY d.tenant_id, d.content_id
  HAVING sum(d.audience) <> 0 OR sum(d.viewed) <> 0 OR sum(d.finished) <> 0 OR sum(d.owing) <> 0
  ORDER BY d.tenant_id, d.content_id
  ON CONFLICT (tenant_id, content_id, slot) DO UPDATE SET
    audience = r.audience + excluded.audience,
    viewed = r.viewed + excluded.viewed,
    finished = r.finished + excluded.finished,
    unfinished_by_deadline = r.unfinished_by_deadline + excluded.unfinished_by_deadline;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION kanal_activity_from_inbox() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes kanal_activity_change[] := '{}';
BEGIN
  -- A row counts on the day it was opened and on the day it was finished.
  IF TG_OP <> 'DELETE' THEN
    changes := ARRAY(
      SELECT ROW(n.tenant_id, n.content_id, e.day, sum(e.viewed), sum(e.finished))::kanal_activity_change
      FROM new_rows n, LATERAL (VALUES ((n.viewed_at AT TIME ZONE 'Europe/Zagreb')::date, 1, 0),
                                       ((n.finished_at AT TIME ZONE 'Europe/Zagreb')::date, 0, 1)) e (day, viewed, finished)
      WHERE e.day IS NOT NULL
      GROUP BY n.tenant_id, n.content_id, e.day);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    changes := changes || ARRAY(
      SELECT ROW(o.tenant_id, o.content_id, e.day, -sum(e.viewed), -sum(e.finished))::kanal_activity_change
      FROM old_rows o, LATERAL (VALUES ((o.viewed_at AT TIME ZONE 'Europe/Zagreb')::date, 1, 0),
                                       ((o.finished_at AT TIME ZONE 'Europe/Zagreb')::date, 0, 1)) e (day, viewed, finished)
      WHERE e.day IS NOT NULL
      GROUP BY o.tenant_id, o.content_id, e.day);
  END IF;
  WITH per_item AS (
    SELECT tenant_id, content_id, day, sum(viewed) AS viewed, sum(finished) AS finished
    FROM unnest(changes) GROUP BY tenant_id, content_id, day
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
    finished = a.finished + excluded.finished;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION kanal_group_reach_from_inbox() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes kanal_person_change[] := '{}';
BEGIN
  IF TG_OP <> 'DELETE' THEN
    changes := ARRAY(
      SELECT ROW(tenant_id, user_id, kanal_due_from(received_at, publish_at), count(*), count(finished_at))::kanal_person_change
      FROM new_rows WHERE live GROUP BY tenant_id, user_id, kanal_due_from(received_at, publish_at));
  END IF;
  IF TG_OP <> 'INSERT' THEN
    changes := changes || ARRAY(
      SELECT ROW(tenant_id, user_id, kanal_due_from(received_at, publish_at), -count(*), -count(finished_at))::kanal_person_change
      FROM old_rows WHERE live GROUP BY tenant_id, user_id, kanal_due_from(received_at, publish_at));
  END IF;
  WITH per_person AS (
    SELECT tenant_id, user_id, due_from, sum(received) AS received, sum(finished) AS finished
    FROM unnest(changes) GROUP BY tenant_id, user_id, due_from
    HAVING sum(received) <> 0 OR sum(finished) <> 0
  )
  INSERT INTO group_reach AS r (tenant_id, group_id, due_from, slot, received, finished)
  SELECT p.tenant_id, m.group_id, p.due_from, kanal_counter_slot(), sum(p.received), sum(p.finished)
  FROM per_person p
    JOIN app_user u ON u.tenant_id = p.tenant_id AND u.id = p.user_id AND u.active
    JOIN group_member m ON m.tenant_id = p.tenant_id AND m.user_id = p.user_id
  GROUP BY p.tenant_id, m.group_id, p.due_from
  ORDER BY p.tenant_id, m.group_id, p.due_from
  ON CONFLICT (tenant_id, group_id, due_from, slot) DO UPDATE SET
    received = r.received + excluded.received,
    finished = r.finished + excluded.finished;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION kanal_activity_from_attempts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes kanal_attempt_change[] := '{}';
BEGIN
  IF TG_OP <> 'DELETE' THEN
    changes := ARRAY(
      SELECT ROW(tenant_id, content_id, (created_at AT TIME ZONE 'Europe/Zagreb')::date, count(*), count(final_mark),
        coalesce(sum(final_mark::float8), 0))::kanal_attempt_change
      FROM new_rows GROUP BY tenant_id, content_id, (created_at AT TIME ZONE 'Europe/Zagreb')::date);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    changes := changes || ARRAY(
      SELECT ROW(tenant_id, content_id, (created_at AT TIME ZONE 'Europe/Zagreb')::date, -count(*), -count(final_mark),
        -coalesce(sum(final_mark::float8), 0))::kanal_attempt_change
      FROM old_rows GROUP BY tenant_id, content_id, (created_at AT TIME ZONE 'Europe/Zagreb')::date);
  END IF;
  WITH per_item AS (
    SELECT tenant_id, content_id, day, sum(attempts) AS attempts, sum(graded) AS graded, sum(mark_sum) AS mark_sum
    FROM unnest(changes) GROUP BY tenant_id, content_id, day
    HAVING sum(attempts) <> 0 OR sum(mark_sum) <> 0
  )
  INSERT INTO activity_day AS a (tenant_id, day, type, slot, attempts, graded, mark_sum)
  SELECT p.tenant_id, p.day, c.type, kanal_counter_slot(), sum(p.attempts), sum(p.graded), sum(p.mark_sum)
  FROM per_item p JOIN content c ON c.tenant_id = p.tenant_id AND c.id = p.content_id
  GROUP BY p.tenant_id, p.day, c.type
  ORDER BY p.tenant_id, p.day, c.type
  ON CONFLICT (tenant_id, day, type, slot) DO UPDATE SET
    attempts = a.attempts + excluded.attempts,
    graded = a.graded + excluded.graded,
    mark_sum = a.mark_sum + excluded.mark_sum;
  RETURN NULL;
END $$;
