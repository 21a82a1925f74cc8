-- The admin search finds any part of a word with trigrams (pg_trgm ships with PostgreSQL; PGlite loads
-- it, db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "group_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- app_user.group_ids copies each person's group_member rows, whoever writes them (the admin calls, an
-- import, a group's or a person's deletion cascading): once per statement, for the people it touched.
CREATE FUNCTION kanal_copy_group_ids() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE app_user u
  SET group_ids = coalesce(
    (SELECT array_agg(m.group_id ORDER BY m.group_id) FROM group_member m
     WHERE m.tenant_id = u.tenant_id AND m.user_id = u.id), '{}')
  FROM (SELECT DISTINCT tenant_id, user_id FROM changed) c
  WHERE u.tenant_id = c.tenant_id AND u.id = c.user_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER group_member_added AFTER INSERT ON group_member REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION kanal_copy_group_ids();--> statement-breakpoint
CREATE TRIGGER group_member_removed AFTER DELETE ON group_member REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION kanal_copy_group_ids();--> statement-breakpoint
UPDATE app_user u SET group_ids = g.ids
FROM (SELECT tenant_id, user_id, array_agg(group_id ORDER BY group_id) AS ids FROM group_member GROUP BY 1, 2) g
WHERE u.tenant_id = g.tenant_id AND u.id = g.user_id;--> statement-breakpoint
CREATE INDEX "app_user_search_trgm_idx" ON "app_user" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "app_user_groups_idx" ON "app_user" USING gin ("group_ids");
