-- A task's overdue people from its counters, not from a count of its inbox on every dashboard (issue 32): the
-- unfinished rows of people who had the item before its deadline, kept by the inbox's trigger with the rest.
-- And no foreign key from the counters to the item (ADR 0052): its check locked the item's row whenever a
-- session's first write made its slot's row; the item's deletion deletes its counters instead.
ALTER TABLE "content_reach" DROP CONSTRAINT "content_reach_content_fk";--> statement-breakpoint
ALTER TABLE "content_reach" ADD COLUMN "unfinished_by_deadline" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION kanal_forget_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM attempt a USING gone g WHERE a.tenant_id = g.tenant_id AND a.content_id = g.id;
  DELETE FROM poll_response r USING gone g WHERE r.tenant_id = g.tenant_id AND r.content_id = g.id;
  DELETE FROM submission_key k USING gone g WHERE k.tenant_id = g.tenant_id AND k.content_id = g.id;
  DELETE FROM points_ledger p USING gone g WHERE p.tenant_id = g.tenant_id AND p.content_id = g.id;
  DELETE FROM question_check q USING gone g WHERE q.tenant_id = g.tenant_id AND q.content_id = g.id;
  DELETE FROM content_reach r USING gone g WHERE r.tenant_id = g.tenant_id AND r.content_id = g.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION kanal_content_reach() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added text := 'SELECT tenant_id, content_id, 1 AS audience, (viewed_at IS NOT NULL)::int AS viewed,
    (finished_at IS NOT NULL)::int AS finished,
    (finished_at IS NULL AND deadline IS NOT NULL AND (received_at IS NULL OR received_at < deadline))::int
      AS owing FROM new_rows';
  removed text := 'SELECT tenant_id, content_id, -1 AS audience, -(viewed_at IS NOT NULL)::int AS viewed,
    -(finished_at IS NOT NULL)::int AS finished,
    -(finished_at IS NULL AND deadline IS NOT NULL AND (received_at IS NULL OR received_at < deadline))::int
      AS owing FROM old_rows';
BEGIN
  EXECUTE format($sql$
    INSERT INTO content_reach AS r (tenant_id, content_id, slot, audience, viewed, finished, unfinished_by_deadline)
    SELECT d.tenant_id, d.content_id, kanal_counter_slot(), sum(d.audience), sum(d.viewed), sum(d.finished),
      sum(d.owing)
    FROM (%s) d
    WHERE EXISTS (SELECT FROM content c WHERE c.tenant_id = d.tenant_id AND c.id = d.content_id)
    GROUP BY d.tenant_id, d.content_id
    HAVING sum(d.audience) <> 0 OR sum(d.viewed) <> 0 OR sum(d.finished) <> 0 OR sum(d.owing) <> 0
    ORDER BY d.tenant_id, d.content_id
    ON CONFLICT (tenant_id, content_id, slot) DO UPDATE SET
      audience = r.audience + excluded.audience,
      viewed = r.viewed + excluded.viewed,
      finished = r.finished + excluded.finished,
      unfinished_by_deadline = r.unfinished_by_deadline + excluded.unfinished_by_deadline$sql$,
    CASE TG_OP WHEN 'INSERT' THEN added WHEN 'DELETE' THEN removed ELSE added || ' UNION ALL ' || removed END);
  RETURN NULL;
END $$;--> statement-breakpoint
INSERT INTO content_reach AS r (tenant_id, content_id, slot, unfinished_by_deadline)
SELECT tenant_id, content_id, 0, count(*) FROM content_interaction
WHERE finished_at IS NULL AND deadline IS NOT NULL AND (received_at IS NULL OR received_at < deadline)
GROUP BY tenant_id, content_id
ON CONFLICT (tenant_id, content_id, slot) DO UPDATE SET unfinished_by_deadline = excluded.unfinished_by_deadline;
