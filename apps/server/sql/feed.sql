select "caller_session_id", "caller_tenant_id", "caller_user_id", "caller_role", "caller_remember_me", "caller_last_seen_at", "total", "feed_page"."id", "feed_page"."type", "feed_page"."configuration", "feed_page"."name", "feed_page"."description", "feed_page"."image", "feed_page"."category", "feed_page"."publish_at", "feed_page"."settings", "creator_name", "feed_page"."deadline", "feed_page"."repeat", "feed_page"."viewed_at"
  from (select "session"."id" as "caller_session_id", "session"."tenant_id" as "caller_tenant_id", "session"."user_id" as "caller_user_id", "app_user"."role" as "caller_role", "session"."remember_me" as "caller_remember_me", "session"."last_seen_at" as "caller_last_seen_at"
  from "session"
  inner join "app_user" on ("app_user"."tenant_id" = "session"."tenant_id" and "app_user"."id" = "session"."user_id")
  inner join "tenant" on "tenant"."id" = "session"."tenant_id"
  where ("session"."tenant_id" = $1 and "session"."token_hash" = $2 and "session"."revoked_at" is null and "session"."expires_at" > $3 and "app_user"."active" = $4 and "tenant"."active" = $5)) "caller"
  inner join lateral (select count(*)::int as "total"
  from "content_interaction"
  where ("content_interaction"."tenant_id" = "caller_tenant_id" and "content_interaction"."user_id" = "caller_user_id" and "content_interaction"."publish_at" <= $6 and "content_interaction"."finished_at" is null and "content_interaction"."live")) "feed_total" on true
  left join lateral (select "content"."id", "content"."type", "content"."configuration", "content"."name", "content"."description", "content"."image", "content"."category", "content_interaction"."publish_at", "content"."settings", "app_user"."name" as "creator_name", "task"."deadline", "task"."repeat", "content_interaction"."viewed_at", row_number() OVER (ORDER BY "content_interaction"."is_task" DESC NULLS LAST, "content_interaction"."deadline" ASC NULLS LAST, "content_interaction"."publish_at" DESC NULLS LAST, "content_interaction"."content_id" DESC NULLS LAST) as "position"
  from "content_interaction"
  inner join "content" on ("content"."tenant_id" = "content_interaction"."tenant_id" and "content"."id" = "content_interaction"."content_id")
  inner join "app_user" on ("app_user"."tenant_id" = "content"."tenant_id" and "app_user"."id" = "content"."creator_id")
  left join "task" on ("task"."tenant_id" = "content"."tenant_id" and "task"."content_id" = "content"."id")
  where (("content_interaction"."tenant_id" = "caller_tenant_id" and "content_interaction"."user_id" = "caller_user_id" and "content_interaction"."publish_at" <= $7 and "content_interaction"."finished_at" is null and "content_interaction"."live") and "content"."publish_at" <= $8)
  order by "content_interaction"."is_task" DESC NULLS LAST, "content_interaction"."deadline" ASC NULLS LAST, "content_interaction"."publish_at" DESC NULLS LAST, "content_interaction"."content_id" DESC NULLS LAST
  limit $9 offset $10) "feed_page" on true
  order by "position";
