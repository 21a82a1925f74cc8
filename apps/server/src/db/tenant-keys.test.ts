import { sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import type { DbOrTx } from './client.js';

// Ready to be distributed by tenant (DESIGN.md §4, §7): in a table of a tenant's, every primary key, unique
// constraint and unique index includes tenant_id, and every foreign key to another such table pairs tenant_id
// with tenant_id, so every row and every reference stays within one tenant's shard. Read from the catalogue,
// so a new table is held to it without editing this test.

/** Tables with a tenant_id that are not a tenant's, and why (docs/adr/0006-ready-to-distribute-by-tenant.md). */
const EXEMPT = {
  login_identifier: 'a sign-in identifier is unique across tenants (login has no tenant picker): a reference table',
  identity_provider_domain:
    'an e-mail domain belongs to one provider across tenants (the login screen finds it by the address): a reference table',
  audit_log: 'events before an account is known have no tenant: kept undistributed',
  email_outbox: 'system mail has no tenant: kept undistributed',
  job: 'the background work of every tenant and of none (system mail): one queue, kept undistributed',
};

type Violation = { table: string; key: string; definition: string };

/** The keys of tenants' tables (those with a tenant_id, less `exempt`) that break the rule. */
async function tenantKeyViolations(db: DbOrTx, exempt: string[] = Object.keys(EXEMPT)): Promise<Violation[]> {
  const result = await db.execute(sql`
    WITH owned AS (
      SELECT c.oid AS relid, c.relname, a.attnum AS tenant_column
      FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped
      WHERE c.relkind IN ('r', 'p') AND c.relname <> ALL (${`{${exempt.join(',')}}`}::text[]))
    -- Primary keys and unique constraints are unique indexes too.
    SELECT o.relname AS "table", i.relname AS "key", pg_get_indexdef(x.indexrelid) AS "definition"
    FROM owned o
    JOIN pg_index x ON x.indrelid = o.relid AND x.indisunique
    JOIN pg_class i ON i.oid = x.indexrelid
    WHERE NOT o.tenant_column = ANY (x.indkey::int2[])
    UNION ALL
    SELECT o.relname, f.conname, pg_get_constraintdef(f.oid)
    FROM owned o
    JOIN pg_constraint f ON f.conrelid = o.relid AND f.contype = 'f'
    JOIN owned target ON target.relid = f.confrelid
    WHERE NOT EXISTS (
      SELECT 1 FROM unnest(f.conkey, f.confkey) AS pair (col, ref)
      WHERE pair.col = o.tenant_column AND pair.ref = target.tenant_column)
    ORDER BY 1, 2`);
  return (result as unknown as { rows: Violation[] }).rows;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it("keys every tenant's table by tenant_id, and every reference between them carries it", async () => {
  expect(await tenantKeyViolations(t.db)).toEqual([]);
});

it('reports a table that breaks the rule (throwaway tables, rolled back)', async () => {
  let found: Violation[] = [];
  await t.db
    .transaction(async (tx) => {
      await tx.execute(sql`
        CREATE TABLE probe_parent (
          tenant_id integer NOT NULL REFERENCES tenant (id),
          id integer NOT NULL,
          CONSTRAINT probe_parent_id_pk PRIMARY KEY (id),
          CONSTRAINT probe_parent_tenant_id_id_key UNIQUE (tenant_id, id))`);
      await tx.execute(sql`
        CREATE TABLE probe_child (
          tenant_id integer NOT NULL REFERENCES tenant (id),
          id integer NOT NULL,
          parent_id integer NOT NULL,
          email text,
          CONSTRAINT probe_child_tenant_id_id_pk PRIMARY KEY (tenant_id, id),
          CONSTRAINT probe_child_parent_fk FOREIGN KEY (tenant_id, parent_id) REFERENCES probe_parent (tenant_id, id),
          CONSTRAINT probe_child_parent_alone_fk FOREIGN KEY (parent_id) REFERENCES probe_parent (id),
          CONSTRAINT probe_child_crossed_fk FOREIGN KEY (parent_id, tenant_id) REFERENCES probe_parent (tenant_id, id))`);
      await tx.execute(sql`CREATE UNIQUE INDEX probe_child_email_key ON probe_child (lower(email))`);
      await tx.execute(sql`CREATE UNIQUE INDEX probe_child_tenant_email_key ON probe_child (tenant_id, lower(email))`);
      found = await tenantKeyViolations(tx);
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
  expect(found.map((v) => `${v.table}.${v.key}`)).toEqual([
    'probe_child.probe_child_crossed_fk',
    'probe_child.probe_child_email_key',
    'probe_child.probe_child_parent_alone_fk',
    'probe_parent.probe_parent_id_pk',
  ]);
  // Each exemption is needed: without it, its table is reported.
  const all = await tenantKeyViolations(t.db, []);
  expect([...new Set(all.map((v) => v.table))].sort()).toEqual(Object.keys(EXEMPT).sort());
});
