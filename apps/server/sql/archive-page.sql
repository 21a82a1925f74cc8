select "caller_session_id", "caller_tenant_id", "caller_user_id", "caller_role", "caller_remember_me", "caller_last_seen_at"
  from (select "session"."id" as "caller_session_id", "session"."tenant_id" as "caller_tenant_id", "session"."user_id" as "caller_user_id", "app_user"."role" as "caller_role", "session"."remember_me" as "caller_remember_me", "session"."last_seen_at" as "caller_last_seen_at"
  from "session"
  inner join "app_user" on ("app_user"."tenant_id" = "session"."tenant_id" and "app_user"."id" = "session"."user_id")
  inner join "tenant" on "tenant"."id" = "session"."tenant_id"
  where ("session"."tenant_id" = $1 and "session"."token_hash" = $2 and "session"."revoked_at" is null and "session"."expires_at" > $3 and "app_user"."active" = $4 and "tenant"."active" = $5)) "caller";

select "content"."id", "content"."type", "content"."configuration", "content"."name", "content"."description", "content"."image", "content"."category", "content_interaction"."publish_at", "content"."settings", "app_user"."name", "task"."deadline", "task"."repeat", "content_interaction"."viewed_at", "content_interaction"."finished_at", "latest_attempt"."id", "latest_attempt"."final_mark", "latest_attempt"."correct", "latest_attempt"."total", "latest_attempt"."created_at", ((select count(*)
  from "content_interaction"
  inner join "content" on ("content"."tenant_id" = "content_interaction"."tenant_id" and "content"."id" = "content_interaction"."content_id")
  where ((("content_interaction"."tenant_id" = $1 and "content_interaction"."user_id" = $2 and "content_interaction"."publish_at" <= $3 and "content"."publish_at" <= $4 and "content"."status" in ($5, $6)) and "content_interaction"."finished_at" is not null) and (cardinality($7::text[]) = 0 OR "content"."type"::text = ANY($8::text[])) and (cardinality($9::int[]) = 0 OR "content"."creator_id" = ANY($10::int[])) and (cardinality($11::text[]) = 0 OR "content"."category" = ANY($12::text[])) and (cardinality($13::text[]) = 0 OR to_char("content_interaction"."finished_at" AT TIME ZONE 'Europe/Zagreb', 'YYYY-MM') = ANY($14::text[])))))
  from "content_interaction"
  inner join "content" on ("content"."tenant_id" = "content_interaction"."tenant_id" and "content"."id" = "content_interaction"."content_id")
  inner join "app_user" on ("app_user"."tenant_id" = "content"."tenant_id" and "app_user"."id" = "content"."creator_id")
  left join "task" on ("task"."tenant_id" = "content"."tenant_id" and "task"."content_id" = "content"."id")
  left join lateral (select "id", "final_mark", "correct", "total", "created_at"
  from "attempt"
  where ("attempt"."tenant_id" = "content_interaction"."tenant_id" and "attempt"."user_id" = "content_interaction"."user_id" and "attempt"."content_id" = "content_interaction"."content_id")
  order by "attempt"."created_at" desc, "attempt"."id" desc
  limit $15) "latest_attempt" on true
  where ((("content_interaction"."tenant_id" = $16 and "content_interaction"."user_id" = $17 and "content_interaction"."publish_at" <= $18 and "content"."publish_at" <= $19 and "content"."status" in ($20, $21)) and "content_interaction"."finished_at" is not null) and (cardinality($22::text[]) = 0 OR "content"."type"::text = ANY($23::text[])) and (cardinality($24::int[]) = 0 OR "content"."creator_id" = ANY($25::int[])) and (cardinality($26::text[]) = 0 OR "content"."category" = ANY($27::text[])) and (cardinality($28::text[]) = 0 OR to_char("content_interaction"."finished_at" AT TIME ZONE 'Europe/Zagreb', 'YYYY-MM') = ANY($29::text[])))
  order by "content_interaction"."finished_at" DESC NULLS LAST, "content_interaction"."content_id" DESC NULLS LAST
  limit $30 offset $31;
