select "caller_session_id", "caller_tenant_id", "caller_user_id", "caller_role", "caller_remember_me", "caller_last_seen_at", "submission_key"."content_id", "submission_key"."result", "item"."type", "item"."settings", "item"."finished_at", CASE WHEN "submission_key"."key" IS NULL THEN (
    SELECT json_agg(json_build_object('id', "question"."id", 'type', "question"."type", 'answers', (
        SELECT coalesce(json_agg(json_build_object('id', "answer"."id", 'isCorrect', "answer"."is_correct")
                                 ORDER BY "answer"."position", "answer"."id"), '[]')
        FROM "answer" WHERE "answer"."tenant_id" = "question"."tenant_id" AND "answer"."question_id" = "question"."id"))
      ORDER BY "question"."position", "question"."id")
    FROM "question" WHERE "question"."tenant_id" = "caller_tenant_id" AND "question"."content_id" = "item"."id") END as "questions", CASE WHEN "submission_key"."key" IS NULL THEN (
    SELECT coalesce(json_agg(json_build_object('questionId', "question_check"."question_id", 'answerIds', "question_check"."answer_ids")), '[]')
    FROM "question_check"
    WHERE "question_check"."tenant_id" = "caller_tenant_id" AND "question_check"."user_id" = "caller_user_id" AND "question_check"."content_id" = $1) END as "checks", CASE WHEN "item"."settings" ->> 'questionsPerAttempt' IS NOT NULL THEN (
    SELECT count(*)::int FROM "attempt"
    WHERE "attempt"."tenant_id" = "caller_tenant_id" AND "attempt"."user_id" = "caller_user_id"
      AND "attempt"."content_id" = "item"."id") END as "attempts"
  from (select "session"."id" as "caller_session_id", "session"."tenant_id" as "caller_tenant_id", "session"."user_id" as "caller_user_id", "app_user"."role" as "caller_role", "session"."remember_me" as "caller_remember_me", "session"."last_seen_at" as "caller_last_seen_at"
  from "session"
  inner join "app_user" on ("app_user"."tenant_id" = "session"."tenant_id" and "app_user"."id" = "session"."user_id")
  inner join "tenant" on "tenant"."id" = "session"."tenant_id"
  where ("session"."tenant_id" = $2 and "session"."token_hash" = $3 and "session"."revoked_at" is null and "session"."expires_at" > $4 and "app_user"."active" = $5 and "tenant"."active" = $6)) "caller"
  left join "submission_key" on ("submission_key"."tenant_id" = "caller_tenant_id" and "submission_key"."user_id" = "caller_user_id" and "submission_key"."key" = $7)
  left join lateral (select "content"."id", "content"."type", "content"."settings", "content_interaction"."finished_at"
  from "content_interaction"
  inner join "content" on ("content"."tenant_id" = "content_interaction"."tenant_id" and "content"."id" = "content_interaction"."content_id")
  where (("content_interaction"."tenant_id" = "caller_tenant_id" and "content_interaction"."user_id" = "caller_user_id" and "content_interaction"."publish_at" <= $8 and "content"."publish_at" <= $9 and "content"."status" in ($10, $11)) and "content_interaction"."content_id" = $12)) "item" on true;

with "inbox_row" as (select "finished_at"
  from "content_interaction"
  where ("content_interaction"."tenant_id" = $1 and "content_interaction"."user_id" = $2 and "content_interaction"."content_id" = $3) for no key update), "submission" as (
  SELECT attempt_id, points, $4::jsonb || jsonb_build_object('attemptId', attempt_id, 'points', points) AS result
  FROM (
    SELECT CASE WHEN $5 THEN nextval(pg_get_serial_sequence('attempt', 'id'))::int END AS attempt_id,
           CASE WHEN $6 > 0 AND NOT EXISTS (
             SELECT FROM "points_ledger"
             WHERE "points_ledger"."tenant_id" = $7 AND "points_ledger"."user_id" = $8
               AND "points_ledger"."content_id" = $9 AND "points_ledger"."reason" = 'education_passed'
           ) THEN $10::int ELSE 0 END AS points
    FROM inbox_row
    WHERE finished_at IS NULL
  ) AS drawn
), "stored_key" as (
  INSERT INTO "submission_key" (tenant_id, user_id, key, content_id, result, created_at)
  SELECT $11, $12, $13, $14, result, $15
  FROM submission
  WHERE $16::text IS NOT NULL
  ON CONFLICT DO NOTHING
  RETURNING key
), "admitted" as (
  SELECT attempt_id, points, result
  FROM submission
  WHERE $17::text IS NULL OR EXISTS (SELECT FROM stored_key)
), "stored_attempt" as (
  INSERT INTO "attempt" (id, tenant_id, user_id, content_id, final_mark, correct, total, created_at)
  OVERRIDING SYSTEM VALUE
  SELECT attempt_id, $18, $19, $20, $21, $22, $23, $24
  FROM admitted
  WHERE attempt_id IS NOT NULL
  RETURNING id
), "stored_answers" as (
  INSERT INTO "attempt_answer" (tenant_id, attempt_id, question_id, answer_id, text, correct)
  SELECT $25, stored_attempt.id, answered.question_id, answered.answer_id, answered.text, answered.correct
  FROM stored_attempt,
    unnest($26::int[], $27::int[], $28::text[], $29::boolean[])
      AS answered (question_id, answer_id, text, correct)
), "stored_poll_answers" as (
  INSERT INTO "poll_response" (tenant_id, content_id, question_id, answer_id, text, response_date)
  SELECT $30, $31, answered.question_id, answered.answer_id, answered.text, $32::date
  FROM admitted,
    unnest($33::int[], $34::int[], $35::text[])
      AS answered (question_id, answer_id, text)
  WHERE NOT $36
), "paid_points" as (
  INSERT INTO "points_ledger" (tenant_id, user_id, content_id, points, reason, created_at)
  SELECT $37, $38, $39, points, 'education_passed', $40
  FROM admitted
  WHERE points > 0
  ON CONFLICT (tenant_id, user_id, content_id) WHERE reason = 'education_passed' DO NOTHING
), "finished_row" as (update "content_interaction"
  set "viewed_at" = coalesce("content_interaction"."viewed_at", $41::timestamptz), "finished_at" = coalesce("content_interaction"."finished_at", $42::timestamptz)
  where (("content_interaction"."tenant_id" = $43 and "content_interaction"."user_id" = $44 and "content_interaction"."content_id" = $45) and $46 AND EXISTS (SELECT FROM admitted))), "consumed_checks" as (
  DELETE FROM "question_check"
  WHERE tenant_id = $47 AND user_id = $48 AND content_id = $49
    AND ($50 OR question_id = ANY($51::int[]))
    AND EXISTS (SELECT FROM admitted)
) select "inbox_row"."finished_at" IS NULL, "result"
  from "inbox_row"
  left join "admitted" on true;
