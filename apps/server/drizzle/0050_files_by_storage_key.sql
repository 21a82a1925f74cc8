-- A file's bytes are shared by the rows a promotion copies into other tenants, under one storage key: they are
-- removed when no row holds that key any more (the sweep of files nothing refers to, a tenant's deletion), which
-- this index answers without reading the whole table (issue 33).
CREATE INDEX "file_storage_key_idx" ON "file" USING btree ("storage_key");