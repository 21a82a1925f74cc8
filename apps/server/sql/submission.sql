select "session"."id", "session"."tenant_id", "session"."user_id", "app_user"."role", "session"."remember_me", "session"."last_seen_at"
  from "session"
  inner join "app_user" on ("app_user"."tenant_id" = "session"."tenant_id" and "app_user"."id" = "session"."user_id")
  inner join "tenant" on "tenant"."id" = "session"."tenant_id"
  where ("session"."tenant_id" = $1 and "session"."token_hash" = $2 and "session"."revoked_at" is null and "session"."expires_at" > $3 and "app_user"."active" = $4 and "tenant"."active" = $5);

select "content"."id", "content"."type", "content"."settings", "content_interaction"."finished_at"
  from "content_interaction"
  inner join "content" on ("content"."tenant_id" = "content_interaction"."tenant_id" and "content"."id" = "content_interaction"."content_id")
  where (("content_interaction"."tenant_id" = $1 and "content_interaction"."user_id" = $2 and "content_interaction"."publish_at" <= $3 and "content"."status" in ($4, $5)) and "content_interaction"."content_id" = $6);

select "question"."id", "question"."position", "question"."title", "question"."type", "answer"."id", "answer"."title", "answer"."is_correct"
  from "question"
  left join "answer" on ("answer"."tenant_id" = "question"."tenant_id" and "answer"."question_id" = "question"."id")
  where ("question"."tenant_id" = $1 and "question"."content_id" = $2)
  order by "question"."position" asc, "question"."id" asc, "answer"."position" asc, "answer"."id" asc;

select "finished_at"
  from "content_interaction"
  where ("content_interaction"."tenant_id" = $1 and "content_interaction"."user_id" = $2 and "content_interaction"."content_id" = $3) for update;

select "content_id", "result"
  from "submission_key"
  where ("submission_key"."tenant_id" = $1 and "submission_key"."user_id" = $2 and "submission_key"."key" = $3);

delete
  from "question_check"
  where ("question_check"."tenant_id" = $1 and "question_check"."user_id" = $2 and "question_check"."content_id" = $3)
  returning "question_id", "answer_ids";

insert into "attempt" ("id", "tenant_id", "user_id", "content_id", "final_mark", "correct", "total", "created_at")
  values (default, $1, $2, $3, $4, $5, $6, $7)
  returning "id";

insert into "attempt_answer" ("id", "tenant_id", "attempt_id", "question_id", "answer_id", "text", "correct")
  values (default, $1, $2, $3, $4, $5, $6);

update "content_interaction"
  set "viewed_at" = coalesce("content_interaction"."viewed_at", $1::timestamptz), "finished_at" = coalesce("content_interaction"."finished_at", $2::timestamptz)
  where ("content_interaction"."tenant_id" = $3 and "content_interaction"."user_id" = $4 and "content_interaction"."content_id" = $5);

insert into "submission_key" ("tenant_id", "user_id", "key", "content_id", "result", "created_at")
  values ($1, $2, $3, $4, $5, $6)
  on conflict do nothing
  returning "key";
