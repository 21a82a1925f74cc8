-- The admin search folds text the same way on both sides (the column here, the search terms in
-- users.repository): lower case, with Croatian and common accented letters as plain ones. translate()
-- first, so lower() needs only ASCII whatever the database's locale (PGlite's is C).
CREATE FUNCTION kanal_fold(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURN
  lower(translate(value,
    'ČĆĐŠŽčćđšžÀÁÂÄÃÅÈÉÊËÌÍÎÏÒÓÔÖÕÙÚÛÜÝàáâäãåèéêëìíîïòóôöõùúûüýŁłŃńŇňŘřŤťŮůĽľĹĺŔŕ',
    'CCDSZccdszAAAAAAEEEEIIIIOOOOOUUUUYaaaaaaeeeeiiiiooooouuuuyLlNnNnRrTtUuLlLlRr'));--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "search_text" text GENERATED ALWAYS AS (kanal_fold("app_user"."name" || ' ' || coalesce("app_user"."email", '') || ' ' || coalesce("app_user"."username", ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "app_user_search_idx" ON "app_user" USING btree ("tenant_id","search_text","id");
