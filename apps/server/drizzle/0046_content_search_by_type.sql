-- A staff search filtered by type reads only that type's matches: the type is a key of the trigram index
-- too (btree_gin's enum operators), beside the tenant.
DROP INDEX "content_search_by_tenant_idx";--> statement-breakpoint
CREATE INDEX "content_search_idx" ON "content" USING gin ("tenant_id","type","search_text" gin_trgm_ops);
