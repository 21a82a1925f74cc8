-- The dashboard's groups table from counters (ADR 0056): each group's active members, and their inbox rows of
-- live items and how many are finished, per the publication time a row waits for (due_from) and per the slot
-- of the writing session. Kept by the inbox's statement trigger and by membership, deactivation and deletion
-- of people; filled once here from the tables they follow.
CREATE TABLE "group_reach" (
	"tenant_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"due_from" timestamp with time zone NOT NULL,
	"slot" smallint NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	"received" integer DEFAULT 0 NOT NULL,
	"finished" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "group_reach_tenant_id_group_id_due_from_slot_pk" PRIMARY KEY("tenant_id","group_id","due_from","slot")
);
--> statement-breakpoint
ALTER TABLE "group_reach" ADD CONSTRAINT "group_reach_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_reach" ADD CONSTRAINT "group_reach_tenant_id_group_id_user_group_tenant_id_id_fk" FOREIGN KEY ("tenant_id","group_id") REFERENCES "public"."user_group"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The publication time an inbox row waits for before it counts: its copy of publish_at when the row was made
-- before it (a scheduled item's audience is filled ahead), else none. A function of the row alone, so a later
-- change takes away exactly what the row added.
CREATE FUNCTION kanal_due_from(received_at timestamptz, publish_at timestamptz) RETURNS timestamptz
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE WHEN received_at < publish_at THEN publish_at ELSE '-infinity'::timestamptz END;--> statement-breakpoint
-- Inbox rows added, changed or removed: their net change, per group of their person while that person is an
-- active member. A person being deleted is no longer seen here; their whole share was taken away before.
CREATE FUNCTION kanal_group_reach_from_inbox() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added text := 'SELECT tenant_id, user_id, received_at, publish_at, finished_at, 1 AS sign FROM new_rows WHERE live';
  removed text := 'SELECT tenant_id, user_id, received_at, publish_at, finished_at, -1 AS sign FROM old_rows WHERE live';
BEGIN
  EXECUTE format($sql$
    WITH per_person AS (
      SELECT tenant_id, user_id, kanal_due_from(received_at, publish_at) AS due_from, sum(sign) AS received,
        sum(CASE WHEN finished_at IS NULL THEN 0 ELSE sign END) AS finished
      FROM (%s) changed GROUP BY tenant_id, user_id, due_from
      HAVING sum(sign) <> 0 OR sum(CASE WHEN finished_at IS NULL THEN 0 ELSE sign END) <> 0
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
      finished = r.finished + excluded.finished$sql$,
    CASE TG_OP WHEN 'INSERT' THEN added WHEN 'DELETE' THEN removed ELSE added || ' UNION ALL ' || removed END);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER content_interaction_group_reach_insert AFTER INSERT ON content_interaction
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kanal_group_reach_from_inbox();--> statement-breakpoint
CREATE TRIGGER content_interaction_group_reach_update AFTER UPDATE ON content_interaction
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kanal_group_reach_from_inbox();--> statement-breakpoint
CREATE TRIGGER content_interaction_group_reach_delete AFTER DELETE ON content_interaction
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kanal_group_reach_from_inbox();--> statement-breakpoint
-- The statement adding a person's whole share in some groups, `sign` times: a member joining or leaving, a
-- member (de)activated. `people` is a query of (tenant_id, group_id, user_id, sign) over active people of
-- existing groups. Its text, run by the trigger itself: only the trigger's own statements see its transition tables.
CREATE FUNCTION kanal_group_reach_of_people(people text) RETURNS text LANGUAGE sql STABLE
RETURN format($sql$
    WITH people AS (%s),
    shares AS (
      SELECT tenant_id, group_id, '-infinity'::timestamptz AS due_from, sum(sign) AS members, 0 AS received,
        0 AS finished
      FROM people GROUP BY tenant_id, group_id
      UNION ALL
      SELECT p.tenant_id, p.group_id, kanal_due_from(ci.received_at, ci.publish_at), 0, sum(p.sign),
        sum(CASE WHEN ci.finished_at IS NULL THEN 0 ELSE p.sign END)
      FROM people p
        JOIN content_interaction ci ON ci.tenant_id = p.tenant_id AND ci.user_id = p.user_id AND ci.live
      GROUP BY p.tenant_id, p.group_id, kanal_due_from(ci.received_at, ci.publish_at)
    )
    INSERT INTO group_reach AS r (tenant_id, group_id, due_from, slot, members, received, finished)
    SELECT tenant_id, group_id, due_from, kanal_counter_slot(), sum(members), sum(received), sum(finished)
    FROM shares GROUP BY tenant_id, group_id, due_from
    HAVING sum(members) <> 0 OR sum(received) <> 0 OR sum(finished) <> 0
    ORDER BY tenant_id, group_id, due_from
    ON CONFLICT (tenant_id, group_id, due_from, slot) DO UPDATE SET
      members = r.members + excluded.members,
      received = r.received + excluded.received,
      finished = r.finished + excluded.finished$sql$, people);--> statement-breakpoint
CREATE FUNCTION kanal_group_reach_from_members() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE kanal_group_reach_of_people(format($sql$
    SELECT m.tenant_id, m.group_id, m.user_id, %s AS sign FROM %I m
      JOIN app_user u ON u.tenant_id = m.tenant_id AND u.id = m.user_id AND u.active
      JOIN user_group g ON g.tenant_id = m.tenant_id AND g.id = m.group_id$sql$,
    CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END, CASE TG_OP WHEN 'INSERT' THEN 'new_rows' ELSE 'old_rows' END));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER group_member_group_reach_insert AFTER INSERT ON group_member
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kanal_group_reach_from_members();--> statement-breakpoint
CREATE TRIGGER group_member_group_reach_delete AFTER DELETE ON group_member
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kanal_group_reach_from_members();--> statement-breakpoint
-- Deactivated or back: the person's share in each of their groups, in or out.
CREATE FUNCTION kanal_group_reach_from_activity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE kanal_group_reach_of_people(
    'SELECT n.tenant_id, m.group_id, n.id AS user_id, CASE WHEN n.active THEN 1 ELSE -1 END AS sign
     FROM new_rows n JOIN old_rows o ON o.tenant_id = n.tenant_id AND o.id = n.id AND o.active <> n.active
       JOIN group_member m ON m.tenant_id = n.tenant_id AND m.user_id = n.id');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER app_user_group_reach_activity AFTER UPDATE ON app_user
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION kanal_group_reach_from_activity();--> statement-breakpoint
-- A person deleted: their share goes before their memberships and inbox rows do (by their keys' cascades, whose
-- triggers no longer see the person). Nothing to take away when their organisation goes with them.
CREATE FUNCTION kanal_group_reach_forget_person() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.active AND EXISTS (SELECT FROM tenant t WHERE t.id = OLD.tenant_id) THEN
    EXECUTE kanal_group_reach_of_people(format(
      'SELECT m.tenant_id, m.group_id, m.user_id, -1 AS sign FROM group_member m WHERE m.tenant_id = %s AND m.user_id = %s',
      OLD.tenant_id, OLD.id));
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER app_user_group_reach_delete BEFORE DELETE ON app_user
  FOR EACH ROW EXECUTE FUNCTION kanal_group_reach_forget_person();--> statement-breakpoint
INSERT INTO group_reach (tenant_id, group_id, due_from, slot, members, received, finished)
SELECT tenant_id, group_id, due_from, 0, sum(members), sum(received), sum(finished)
FROM (
  SELECT m.tenant_id, m.group_id, '-infinity'::timestamptz AS due_from, count(*) AS members, 0 AS received,
    0 AS finished
  FROM group_member m JOIN app_user u ON u.tenant_id = m.tenant_id AND u.id = m.user_id AND u.active
  GROUP BY m.tenant_id, m.group_id
  UNION ALL
  SELECT m.tenant_id, m.group_id, kanal_due_from(ci.received_at, ci.publish_at), 0, count(*), count(ci.finished_at)
  FROM group_member m JOIN app_user u ON u.tenant_id = m.tenant_id AND u.id = m.user_id AND u.active
    JOIN content_interaction ci ON ci.tenant_id = m.tenant_id AND ci.user_id = m.user_id AND ci.live
  GROUP BY m.tenant_id, m.group_id, kanal_due_from(ci.received_at, ci.publish_at)
) shares
GROUP BY tenant_id, group_id, due_from;
--> statement-breakpoint
-- Served from the counters now, never from a snapshot.
DELETE FROM stats_snapshot WHERE kind = 'groups';
