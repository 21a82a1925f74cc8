-- A group's name (within its tenant) and an organisation's name are one name whatever their case,
-- accents or spacing: "Prodaja", "prodaja", "Prodája" and "Prodaja " are one. The key folds the way the
-- admin search does (kanal_fold, 0014: translate() and lower(), the same on PGlite's C locale), and
-- runs of spaces are one space, as a page shows them.
CREATE FUNCTION kanal_name_key(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURN
  kanal_fold(regexp_replace(btrim(value), '\s+', ' ', 'g'));--> statement-breakpoint
-- Names that already collide are not merged: the first of them (by id) keeps its name, each later one
-- becomes "<name> (n)" with the smallest n from 2 whose name is free, and each rename is written to the
-- audit log (event group.renamed / tenant.renamed, GET /logs), where the operator and the admins find it.
DO $$
DECLARE
  later record;
  n integer;
  candidate text;
BEGIN
  FOR later IN
    SELECT tenant_id, id, name FROM (
      SELECT tenant_id, id, name,
        row_number() OVER (PARTITION BY tenant_id, kanal_name_key(name) ORDER BY id) AS place
      FROM user_group) ranked
    WHERE place > 1 ORDER BY tenant_id, id
  LOOP
    n := 2;
    LOOP
      candidate := later.name || ' (' || n || ')';
      EXIT WHEN NOT EXISTS (SELECT 1 FROM user_group g
        WHERE g.tenant_id = later.tenant_id AND kanal_name_key(g.name) = kanal_name_key(candidate));
      n := n + 1;
    END LOOP;
    UPDATE user_group SET name = candidate WHERE tenant_id = later.tenant_id AND id = later.id;
    INSERT INTO audit_log (tenant_id, event, details) VALUES (later.tenant_id, 'group.renamed',
      jsonb_build_object('groupId', later.id, 'from', later.name, 'to', candidate,
        'by', 'migration 0028_unique_folded_names'));
  END LOOP;

  FOR later IN
    SELECT id, name FROM (
      SELECT id, name, row_number() OVER (PARTITION BY kanal_name_key(name) ORDER BY id) AS place
      FROM tenant) ranked
    WHERE place > 1 ORDER BY id
  LOOP
    n := 2;
    LOOP
      candidate := later.name || ' (' || n || ')';
      EXIT WHEN NOT EXISTS (SELECT 1 FROM tenant t WHERE kanal_name_key(t.name) = kanal_name_key(candidate));
      n := n + 1;
    END LOOP;
    UPDATE tenant SET name = candidate, updated_at = now() WHERE id = later.id;
    INSERT INTO audit_log (tenant_id, event, details) VALUES (later.id, 'tenant.renamed',
      jsonb_build_object('from', later.name, 'to', candidate, 'by', 'migration 0028_unique_folded_names'));
  END LOOP;
END
$$;--> statement-breakpoint
ALTER TABLE "user_group" DROP CONSTRAINT "user_group_tenantId_name_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_name_key" ON "tenant" USING btree (kanal_name_key("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "user_group_name_key" ON "user_group" USING btree ("tenant_id",kanal_name_key("name"));
