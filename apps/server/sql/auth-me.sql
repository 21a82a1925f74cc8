select "caller_session_id", "caller_tenant_id", "caller_user_id", "caller_role", "caller_remember_me", "caller_last_seen_at", "app_user"."id", "app_user"."name", "app_user"."email", "app_user"."username", "app_user"."phone", "app_user"."avatar", "app_user"."role", "tenant"."id", "tenant"."name", "tenant"."image", "tenant"."show_promo_tag", "tenant"."primary_color", "tenant"."accent_color"
  from (select "session"."id" as "caller_session_id", "session"."tenant_id" as "caller_tenant_id", "session"."user_id" as "caller_user_id", "app_user"."role" as "caller_role", "session"."remember_me" as "caller_remember_me", "session"."last_seen_at" as "caller_last_seen_at"
  from "session"
  inner join "app_user" on ("app_user"."tenant_id" = "session"."tenant_id" and "app_user"."id" = "session"."user_id")
  inner join "tenant" on "tenant"."id" = "session"."tenant_id"
  where ("session"."tenant_id" = $1 and "session"."token_hash" = $2 and "session"."revoked_at" is null and "session"."expires_at" > $3 and "app_user"."active" = $4 and "tenant"."active" = $5)) "caller"
  inner join "app_user" on ("app_user"."tenant_id" = "caller_tenant_id" and "app_user"."id" = "caller_user_id")
  inner join "tenant" on "tenant"."id" = "app_user"."tenant_id";
