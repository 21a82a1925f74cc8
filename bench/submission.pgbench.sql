-- One passing quiz submission as PostgreSQL alone commits it (bench:forms runs it with pgbench at the product's
-- pool size, over the tables of submission-baseline.sql): in one statement, as the product stores it, the
-- client's inbox row locked and finished, an idempotency key, an attempt with five answers and a ledger row.
-- Every row is the client's own: a fresh key and, for the ledger's once-per-item index, a fresh item number.
\set n random(1, 2000000000)
WITH inbox_row AS (
  SELECT finished_at FROM bench_baseline.inbox WHERE tenant_id = 1 AND user_id = :client_id AND content_id = 1
  FOR NO KEY UPDATE
), drawn AS (
  SELECT nextval('bench_baseline.attempt_id_seq')::int AS attempt_id FROM inbox_row
), stored_key AS (
  INSERT INTO bench_baseline.submission_key (tenant_id, user_id, key, content_id, result, created_at)
  SELECT 1, :client_id, 'k' || :n, 1, jsonb_build_object('attemptId', attempt_id, 'passed', true), now() FROM drawn
  RETURNING key
), stored_attempt AS (
  INSERT INTO bench_baseline.attempt (id, tenant_id, user_id, content_id, final_mark, correct, total, created_at)
  OVERRIDING SYSTEM VALUE
  SELECT attempt_id, 1, :client_id, 1, 1, 5, 5, now() FROM drawn
  RETURNING id
), stored_answers AS (
  INSERT INTO bench_baseline.attempt_answer (tenant_id, attempt_id, question_id, answer_id, text, correct)
  SELECT 1, stored_attempt.id, q, q * 3, NULL, true FROM stored_attempt, generate_series(1, 5) q
), paid AS (
  INSERT INTO bench_baseline.points_ledger (tenant_id, user_id, content_id, points, reason, created_at)
  SELECT 1, :client_id, :n, 10, 'education_passed', now() FROM drawn
), finished AS (
  UPDATE bench_baseline.inbox SET viewed_at = coalesce(viewed_at, now()), finished_at = now()
  WHERE tenant_id = 1 AND user_id = :client_id AND content_id = 1
)
SELECT count(*) FROM drawn;
