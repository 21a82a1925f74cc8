select "caller_session_id", "caller_tenant_id", "caller_user_id", "caller_role", "caller_remember_me", "caller_last_seen_at"
  from (select "session"."id" as "caller_session_id", "session"."tenant_id" as "caller_tenant_id", "session"."user_id" as "caller_user_id", "app_user"."role" as "caller_role", "session"."remember_me" as "caller_remember_me", "session"."last_seen_at" as "caller_last_seen_at"
  from "session"
  inner join "app_user" on ("app_user"."tenant_id" = "session"."tenant_id" and "app_user"."id" = "session"."user_id")
  inner join "tenant" on "tenant"."id" = "session"."tenant_id"
  where ("session"."tenant_id" = $1 and "session"."token_hash" = $2 and "session"."revoked_at" is null and "session"."expires_at" > $3 and "app_user"."active" = $4 and "tenant"."active" = $5)) "caller";

select "content"."id", "content"."type", "content"."configuration", "content"."name", "content"."description", "content"."image", "content"."category", "content_interaction"."publish_at", "content"."settings", "app_user"."name", "task"."deadline", "task"."repeat", "content_interaction"."viewed_at", "content_interaction"."finished_at", (SELECT count(*) FROM "question" WHERE "question"."tenant_id" = "content"."tenant_id" AND "question"."content_id" = "content"."id"), (SELECT count(*) FROM "media" WHERE "media"."tenant_id" = "content"."tenant_id" AND "media"."content_id" = "content"."id" AND "media"."type" = 'IMAGE'), (SELECT count(*) FROM "media" WHERE "media"."tenant_id" = "content"."tenant_id" AND "media"."content_id" = "content"."id" AND "media"."type" = 'VIDEO'), (SELECT count(*) FROM "media" WHERE "media"."tenant_id" = "content"."tenant_id" AND "media"."content_id" = "content"."id" AND "media"."type" = 'DOCUMENT'), "material"."link", "material"."text"
  from "content_interaction"
  inner join "content" on ("content"."tenant_id" = "content_interaction"."tenant_id" and "content"."id" = "content_interaction"."content_id")
  inner join "app_user" on ("app_user"."tenant_id" = "content"."tenant_id" and "app_user"."id" = "content"."creator_id")
  left join "task" on ("task"."tenant_id" = "content"."tenant_id" and "task"."content_id" = "content"."id")
  left join "material" on ("material"."tenant_id" = "content"."tenant_id" and "material"."content_id" = "content"."id")
  where (("content_interaction"."tenant_id" = $1 and "content_interaction"."user_id" = $2 and "content_interaction"."publish_at" <= $3 and "content"."publish_at" <= $4 and "content"."status" in ($5, $6)) and "content_interaction"."content_id" = $7);

update "content_interaction"
  set "viewed_at" = coalesce("content_interaction"."viewed_at", $1::timestamptz)
  where (("content_interaction"."tenant_id" = $2 and "content_interaction"."user_id" = $3 and "content_interaction"."content_id" = $4) and "content_interaction"."publish_at" <= $5 and exists (select 1
  from "content"
  where (("content"."tenant_id" = "content_interaction"."tenant_id" and "content"."id" = "content_interaction"."content_id") and "content"."status" in ($6, $7))))
  returning "viewed_at", "finished_at";

select "id", "text", "created_at", "reply", "replied_at", "hidden_reason", "hidden_at"
  from "comment"
  where ("comment"."tenant_id" = $1 and "comment"."content_id" = $2 and "comment"."user_id" = $3)
  order by "comment"."created_at" asc, "comment"."id" asc;
