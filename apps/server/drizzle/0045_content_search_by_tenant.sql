-- The staff search reads one tenant's matches only: the tenant is the first key of the trigram index
-- (btree_gin, a trusted extension that ships with PostgreSQL; PGlite loads it, db/client.ts). On the
-- trigrams alone, a search read every tenant's matching items and then dropped the other tenants'.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "content_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "content_search_by_tenant_idx" ON "content" USING gin ("tenant_id","search_text" gin_trgm_ops);
