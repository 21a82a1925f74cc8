import { sql } from 'drizzle-orm';

// The counters the database's triggers keep, and the same figures recounted from the rows they follow: a test
// expects each pair equal (after its changes, or after an upgrade's migrations).

// What the triggers keep (migration 0019) recounted from the rows they follow.
const activityRecount = sql`
  SELECT tenant_id, day::text, type::text, sum(viewed)::int AS viewed, sum(finished)::int AS finished,
    sum(attempts)::int AS attempts, sum(graded)::int AS graded, round(sum(mark_sum)::numeric, 6)::float8 AS mark_sum
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
    SELECT a.tenant_id, (a.created_at AT TIME ZONE 'Europe/Zagreb')::date, c.type, 0, 0, 1,
      (a.final_mark IS NOT NULL)::int, coalesce(a.final_mark, 0)::float8
    FROM attempt a JOIN content c ON c.tenant_id = a.tenant_id AND c.id = a.content_id
  ) events GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`;
// Summed over the slots the writing sessions spread them on (migration 0041).
const activityKept = sql`
  SELECT tenant_id, day::text, type::text, sum(viewed)::int AS viewed, sum(finished)::int AS finished,
    sum(attempts)::int AS attempts, sum(graded)::int AS graded, round(sum(mark_sum)::numeric, 6)::float8 AS mark_sum
  FROM activity_day GROUP BY 1, 2, 3
  HAVING sum(viewed) <> 0 OR sum(finished) <> 0 OR sum(attempts) <> 0 ORDER BY 1, 2, 3`;
const reachRecount = sql`
  SELECT tenant_id, content_id, count(*)::int AS audience, count(viewed_at)::int AS viewed,
    count(finished_at)::int AS finished, count(*) FILTER (WHERE finished_at IS NULL AND deadline IS NOT NULL
      AND (received_at IS NULL OR received_at < deadline))::int AS unfinished_by_deadline
  FROM content_interaction GROUP BY 1, 2 ORDER BY 1, 2`;
const reachKept = sql`
  SELECT tenant_id, content_id, sum(audience)::int AS audience, sum(viewed)::int AS viewed,
    sum(finished)::int AS finished, sum(unfinished_by_deadline)::int AS unfinished_by_deadline
  FROM content_reach GROUP BY 1, 2
  HAVING sum(audience) <> 0 OR sum(viewed) <> 0 OR sum(finished) <> 0 ORDER BY 1, 2`;

export const COUNTERS = {
  activity: { kept: activityKept, recount: activityRecount },
  reach: { kept: reachKept, recount: reachRecount },
};
