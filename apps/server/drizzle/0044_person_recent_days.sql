-- People active in the dashboard's periods from one row per person (ADR 0057): their days of use in the 64 days
-- up to their last one as bits, kept from person_activity by its insert trigger and filled once here.
CREATE TABLE "person_recent_days" (
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"last_day" date NOT NULL,
	"days" bigint NOT NULL,
	CONSTRAINT "person_recent_days_tenant_id_user_id_pk" PRIMARY KEY("tenant_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "person_recent_days" ADD CONSTRAINT "person_recent_days_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."app_user"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Bits lo..hi of a bigint (bit k: the day `last_day` - k), clipped to 0..63.
CREATE FUNCTION kanal_bit_range(lo integer, hi integer) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE WHEN greatest(lo, 0) > least(hi, 63) THEN 0::bigint
  ELSE ((-1)::bigint << greatest(lo, 0)) & ~(CASE WHEN least(hi, 63) = 63 THEN 0::bigint
    ELSE (-1)::bigint << (least(hi, 63) + 1) END) END;--> statement-breakpoint
-- Whether `days` (bits back from `last_day`) has a day from `first` to `last`, both included.
CREATE FUNCTION kanal_used_between(days bigint, last_day date, first date, last date) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN (days & kanal_bit_range(last_day - last, last_day - first)) <> 0;--> statement-breakpoint
-- `days` seen from a later last day: shifted by the days between, nothing left past 63.
CREATE FUNCTION kanal_days_from(days bigint, last_day date, later date) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE WHEN later - last_day >= 64 THEN 0::bigint ELSE days << (later - last_day) END;--> statement-breakpoint
CREATE FUNCTION kanal_person_recent_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO person_recent_days AS p (tenant_id, user_id, last_day, days)
  SELECT n.tenant_id, n.user_id, l.last_day,
    bit_or(CASE WHEN l.last_day - n.day < 64 THEN 1::bigint << (l.last_day - n.day) ELSE 0 END)
  FROM new_rows n
    JOIN (SELECT tenant_id, user_id, max(day) AS last_day FROM new_rows GROUP BY 1, 2) l
      ON l.tenant_id = n.tenant_id AND l.user_id = n.user_id
  GROUP BY n.tenant_id, n.user_id, l.last_day
  ORDER BY n.tenant_id, n.user_id
  ON CONFLICT (tenant_id, user_id) DO UPDATE SET
    last_day = greatest(p.last_day, excluded.last_day),
    days = kanal_days_from(p.days, p.last_day, greatest(p.last_day, excluded.last_day))
      | kanal_days_from(excluded.days, excluded.last_day, greatest(p.last_day, excluded.last_day));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER person_activity_recent_days AFTER INSERT ON person_activity REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kanal_person_recent_days();--> statement-breakpoint
INSERT INTO person_recent_days (tenant_id, user_id, last_day, days)
SELECT a.tenant_id, a.user_id, l.last_day, bit_or(1::bigint << (l.last_day - a.day))
FROM person_activity a
  JOIN (SELECT tenant_id, user_id, max(day) AS last_day FROM person_activity GROUP BY 1, 2) l
    ON l.tenant_id = a.tenant_id AND l.user_id = a.user_id
WHERE l.last_day - a.day < 64
GROUP BY a.tenant_id, a.user_id, l.last_day;
