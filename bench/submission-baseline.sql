-- The PostgreSQL-only baseline of a quiz submission (bench:forms): tables of the same columns, keys and indexes
-- as the rows a passing submission commits (content_interaction, attempt, attempt_answer, submission_key,
-- points_ledger), each client of pgbench owning its person and inbox row, so that nothing is shared between
-- clients: no counter, no trigger, no foreign key to a row another client's transaction also locks. What
-- PostgreSQL commits per second for these rows is the ceiling the product's submissions are measured against.
DROP SCHEMA IF EXISTS bench_baseline CASCADE;
CREATE SCHEMA bench_baseline;
SET search_path = bench_baseline;

CREATE TABLE person (tenant_id integer NOT NULL, id integer NOT NULL, PRIMARY KEY (tenant_id, id));

CREATE TABLE inbox (
  tenant_id integer NOT NULL,
  user_id integer NOT NULL,
  content_id integer NOT NULL,
  publish_at timestamptz NOT NULL,
  is_task boolean NOT NULL,
  deadline timestamptz,
  live boolean NOT NULL DEFAULT true,
  viewed_at timestamptz,
  finished_at timestamptz,
  received_at timestamptz,
  PRIMARY KEY (tenant_id, user_id, content_id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES person (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX inbox_feed_idx ON inbox (tenant_id, user_id, is_task DESC, deadline, publish_at DESC, content_id DESC, viewed_at)
  WHERE finished_at IS NULL AND live;
CREATE INDEX inbox_finished_idx ON inbox (tenant_id, user_id, finished_at DESC, content_id DESC)
  WHERE finished_at IS NOT NULL;
CREATE INDEX inbox_content_idx ON inbox (tenant_id, content_id);

CREATE TABLE attempt (
  id integer GENERATED ALWAYS AS IDENTITY,
  tenant_id integer NOT NULL,
  user_id integer NOT NULL,
  content_id integer NOT NULL,
  final_mark real,
  correct integer,
  total integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES person (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX attempt_user_content_idx ON attempt (tenant_id, user_id, content_id, created_at DESC, id DESC);
CREATE INDEX attempt_content_idx ON attempt (tenant_id, content_id);

CREATE TABLE attempt_answer (
  id integer GENERATED ALWAYS AS IDENTITY,
  tenant_id integer NOT NULL,
  attempt_id integer NOT NULL,
  question_id integer NOT NULL,
  answer_id integer,
  text text,
  correct boolean,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, attempt_id) REFERENCES attempt (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX attempt_answer_attempt_idx ON attempt_answer (tenant_id, attempt_id);

CREATE TABLE submission_key (
  tenant_id integer NOT NULL,
  user_id integer NOT NULL,
  key text NOT NULL,
  content_id integer NOT NULL,
  result jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, user_id, key),
  FOREIGN KEY (tenant_id, user_id) REFERENCES person (tenant_id, id) ON DELETE CASCADE
);

CREATE TABLE points_ledger (
  id integer GENERATED ALWAYS AS IDENTITY,
  tenant_id integer NOT NULL,
  user_id integer NOT NULL,
  content_id integer,
  points integer NOT NULL,
  reason text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES person (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX points_ledger_user_idx ON points_ledger (tenant_id, user_id);
CREATE INDEX points_ledger_content_idx ON points_ledger (tenant_id, content_id);
CREATE UNIQUE INDEX points_ledger_education_passed_key ON points_ledger (tenant_id, user_id, content_id)
  WHERE reason = 'education_passed';

-- pgbench numbers its clients from 0: one person and one inbox row for each of up to 256 clients.
INSERT INTO person SELECT 1, c FROM generate_series(0, 255) c;
INSERT INTO inbox (tenant_id, user_id, content_id, publish_at, is_task)
  SELECT 1, c, 1, now() - interval '1 day', false FROM generate_series(0, 255) c;
