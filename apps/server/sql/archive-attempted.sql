select "caller_session_id", "caller_tenant_id", "caller_user_id", "caller_role", "caller_remember_me", "caller_last_seen_at"
  from (select "session"."id" as "caller_session_id", "session"."tenant_id" as "caller_tenant_id", "session"."user_id" as "caller_user_id", "app_user"."role" as "caller_role", "session"."remember_me" as "caller_remember_me", "session"."last_seen_at" as "caller_last_seen_at"
  from "session"
  inner join "app_user" on ("app_user"."tenant_id" = "session"."tenant_id" and "app_user"."id" = "session"."user_id")
  inner join "tenant" on "tenant"."id" = "session"."tenant_id"
  where ("session"."tenant_id" = $1 and "session"."token_hash" = $2 and "session"."revoked_at" is null and "session"."expires_at" > $3 and "app_user"."active" = $4 and "tenant"."active" = $5)) "caller";

select "content"."id", "content"."type", "content"."configuration", "content"."name", "content"."description", "content"."image", "content"."category", "content_interaction"."publish_at", "content"."settings", "app_user"."name", "task"."deadline", "task"."repeat", "content_interaction"."viewed_at", "content_interaction"."finished_at", "latest_attempt"."id", "latest_attempt"."final_mark", "latest_attempt"."correct", "latest_attempt"."total", "latest_attempt"."created_at"
  from "content_interaction"
  inner join "content" on ("content"."tenant_id" = "content_interaction"."tenant_id" and "content"."id" = "content_interaction"."content_id")
  inner join "app_user" on ("app_user"."tenant_id" = "content"."tenant_id" and "app_user"."id" = "content"."creator_id")
  left join "task" on ("task"."tenant_id" = "content"."tenant_id" and "task"."content_id" = "content"."id")
  inner join lateral (select "id", "final_mark", "correct", "total", "created_at"
  from "attempt"
  where ("attempt"."tenant_id" = "content_interaction"."tenant_id" and "attempt"."user_id" = "content_interaction"."user_id" and "attempt"."content_id" = "content_interaction"."content_id")
  order by "attempt"."created_at" desc, "attempt"."id" desc
  limit $1) "latest_attempt" on true
  where (("content_interaction"."tenant_id" = $2 and "content_interaction"."user_id" = $3 and "content_interaction"."publish_at" <= $4 and "content"."publish_at" <= $5 and "content"."status" in ($6, $7)) and "content_interaction"."finished_at" is null and "content"."type" = $8 and "content_interaction"."content_id" in (select "content_id"
  from "attempt"
  where ("attempt"."tenant_id" = $9 and "attempt"."user_id" = $10)))
  order by "latest_attempt"."created_at" desc, "latest_attempt"."id" desc;
