CREATE TABLE "backup_retention" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"keep" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backup_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "backup_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"job_id" text NOT NULL,
	"tenant_id" integer NOT NULL,
	"taken_by" integer,
	"source" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "backup_runs_job_id_unique" UNIQUE("job_id")
);
--> statement-breakpoint
CREATE TABLE "backup_schedules" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"frequency" text NOT NULL,
	"weekday" integer,
	"time" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "config_backups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "config_backups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"run_id" integer,
	"version" integer NOT NULL,
	"mac" text NOT NULL,
	"model" text NOT NULL,
	"firmware" text,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"taken_by" integer,
	"source" text NOT NULL,
	"note" text,
	"config" jsonb NOT NULL,
	"secrets" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "config_baselines" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"baseline" jsonb NOT NULL,
	"drift" jsonb,
	"drifted" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "backup_retention" ADD CONSTRAINT "backup_retention_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_runs" ADD CONSTRAINT "backup_runs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_runs" ADD CONSTRAINT "backup_runs_taken_by_accounts_id_fk" FOREIGN KEY ("taken_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_schedules" ADD CONSTRAINT "backup_schedules_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_schedules" ADD CONSTRAINT "backup_schedules_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_schedules" ADD CONSTRAINT "backup_schedules_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_backups" ADD CONSTRAINT "config_backups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_backups" ADD CONSTRAINT "config_backups_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_backups" ADD CONSTRAINT "config_backups_run_id_backup_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."backup_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_backups" ADD CONSTRAINT "config_backups_taken_by_accounts_id_fk" FOREIGN KEY ("taken_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_baselines" ADD CONSTRAINT "config_baselines_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_baselines" ADD CONSTRAINT "config_baselines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backup_runs_tenant_idx" ON "backup_runs" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "config_backups_device_version_key" ON "config_backups" USING btree ("device_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "config_backups_run_device_key" ON "config_backups" USING btree ("run_id","device_id");--> statement-breakpoint
CREATE INDEX "config_backups_tenant_idx" ON "config_backups" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "config_baselines_drifted_idx" ON "config_baselines" USING btree ("tenant_id","device_id") WHERE "config_baselines"."drifted";