select "session"."id", "session"."tenant_id", "session"."user_id", "app_user"."role", "session"."remember_me", "session"."last_seen_at"
  from "session"
  inner join "app_user" on ("app_user"."tenant_id" = "session"."tenant_id" and "app_user"."id" = "session"."user_id")
  inner join "tenant" on "tenant"."id" = "session"."tenant_id"
  where ("session"."tenant_id" = $1 and "session"."token_hash" = $2 and "session"."revoked_at" is null and "session"."expires_at" > $3 and "app_user"."active" = $4 and "tenant"."active" = $5);

select "content"."id", "content"."type", "content"."configuration", "content"."name", "content"."description", "content"."image", "content"."category", "content_interaction"."publish_at", "content"."settings", "app_user"."name", "task"."deadline", "task"."repeat", "content_interaction"."viewed_at", "content_interaction"."finished_at", (SELECT count(*) FROM "content_interaction" WHERE ("content_interaction"."tenant_id" = $1 and "content_interaction"."user_id" = $2 and "content_interaction"."publish_at" <= $3 and "content_interaction"."finished_at" is null and "content_interaction"."live"))
  from "content_interaction"
  inner join "content" on ("content"."tenant_id" = "content_interaction"."tenant_id" and "content"."id" = "content_interaction"."content_id")
  inner join "app_user" on ("app_user"."tenant_id" = "content"."tenant_id" and "app_user"."id" = "content"."creator_id")
  left join "task" on ("task"."tenant_id" = "content"."tenant_id" and "task"."content_id" = "content"."id")
  where ("content_interaction"."tenant_id" = $4 and "content_interaction"."user_id" = $5 and "content_interaction"."publish_at" <= $6 and "content_interaction"."finished_at" is null and "content_interaction"."live")
  order by "content_interaction"."is_task" DESC NULLS LAST, "content_interaction"."publish_at" DESC NULLS LAST, "content_interaction"."content_id" DESC NULLS LAST
  limit $7 offset $8;
