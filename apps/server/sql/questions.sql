select "caller_session_id", "caller_tenant_id", "caller_user_id", "caller_role", "caller_remember_me", "caller_last_seen_at"
  from (select "session"."id" as "caller_session_id", "session"."tenant_id" as "caller_tenant_id", "session"."user_id" as "caller_user_id", "app_user"."role" as "caller_role", "session"."remember_me" as "caller_remember_me", "session"."last_seen_at" as "caller_last_seen_at"
  from "session"
  inner join "app_user" on ("app_user"."tenant_id" = "session"."tenant_id" and "app_user"."id" = "session"."user_id")
  inner join "tenant" on "tenant"."id" = "session"."tenant_id"
  where ("session"."tenant_id" = $1 and "session"."token_hash" = $2 and "session"."revoked_at" is null and "session"."expires_at" > $3 and "app_user"."active" = $4 and "tenant"."active" = $5)) "caller";

select "content"."id", "content"."type", "content"."settings", "content_interaction"."finished_at"
  from "content_interaction"
  inner join "content" on ("content"."tenant_id" = "content_interaction"."tenant_id" and "content"."id" = "content_interaction"."content_id")
  where (("content_interaction"."tenant_id" = $1 and "content_interaction"."user_id" = $2 and "content_interaction"."publish_at" <= $3 and "content"."publish_at" <= $4 and "content"."status" in ($5, $6)) and "content_interaction"."content_id" = $7);

select "question"."id", "question"."position", "question"."title", "question"."type", "answer"."id", "answer"."title", "answer"."is_correct"
  from "question"
  left join "answer" on ("answer"."tenant_id" = "question"."tenant_id" and "answer"."question_id" = "question"."id")
  where ("question"."tenant_id" = $1 and "question"."content_id" = $2)
  order by "question"."position" asc, "question"."id" asc, "answer"."position" asc, "answer"."id" asc;
