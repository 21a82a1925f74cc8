-- The admin search over a whole tenant finds any part of a word with trigrams (pg_trgm ships with
-- PostgreSQL and is a trusted extension; PGlite loads it, db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- Within a group, it reads group_member alone: each membership carries its person's search_text,
-- copied when the membership is made and again whenever the person's name, e-mail or username changes.
ALTER TABLE "group_member" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE FUNCTION kanal_member_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT u.search_text INTO NEW.search_text FROM app_user u WHERE u.tenant_id = NEW.tenant_id AND u.id = NEW.user_id;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER group_member_search_text BEFORE INSERT ON group_member
  FOR EACH ROW EXECUTE FUNCTION kanal_member_search_text();--> statement-breakpoint
CREATE FUNCTION kanal_memberships_follow_person() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE group_member SET search_text = NEW.search_text WHERE tenant_id = NEW.tenant_id AND user_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER app_user_search_text AFTER UPDATE OF name, email, username ON app_user
  FOR EACH ROW WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text)
  EXECUTE FUNCTION kanal_memberships_follow_person();--> statement-breakpoint
UPDATE group_member m SET search_text = u.search_text
FROM app_user u WHERE u.tenant_id = m.tenant_id AND u.id = m.user_id;--> statement-breakpoint
CREATE INDEX "app_user_search_trgm_idx" ON "app_user" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "group_member_search_idx" ON "group_member" USING btree ("tenant_id","group_id","search_text","user_id");
