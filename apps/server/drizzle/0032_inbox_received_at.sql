-- When a person joined an item's audience: who joins a task after its deadline is not overdue on it (issue 29).
ALTER TABLE "content_interaction" ADD COLUMN "received_at" timestamp with time zone;