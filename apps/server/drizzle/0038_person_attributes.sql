-- A person's attributes (issue 31): department, location, job title, employee number, manager, start date.
-- The manager key is the tenant's, (tenant_id, manager_id), so a manager is never of another tenant. Deleting
-- a manager must clear only manager_id: a plain SET NULL would null tenant_id too, which is part of the
-- key and NOT NULL, and the delete would fail. PostgreSQL 15's column list says so, and drizzle-kit
-- cannot write it (its snapshot records a plain "set null"), so this line is edited by hand.
ALTER TABLE "app_user" ADD COLUMN "department" text;--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "location" text;--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "job_title" text;--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "employee_number" text;--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "manager_id" integer;--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "start_date" date;--> statement-breakpoint
ALTER TABLE "app_user" ADD CONSTRAINT "app_user_manager_fk" FOREIGN KEY ("tenant_id","manager_id") REFERENCES "public"."app_user"("tenant_id","id") ON DELETE SET NULL ("manager_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_user_department_idx" ON "app_user" USING btree ("tenant_id","department");--> statement-breakpoint
CREATE INDEX "app_user_location_idx" ON "app_user" USING btree ("tenant_id","location");--> statement-breakpoint
CREATE INDEX "app_user_job_title_idx" ON "app_user" USING btree ("tenant_id","job_title");--> statement-breakpoint
CREATE INDEX "app_user_employee_number_idx" ON "app_user" USING btree ("tenant_id","employee_number");--> statement-breakpoint
CREATE INDEX "app_user_manager_idx" ON "app_user" USING btree ("tenant_id","manager_id");--> statement-breakpoint
ALTER TABLE "app_user" ADD CONSTRAINT "app_user_not_own_manager" CHECK ("app_user"."manager_id" <> "app_user"."id");