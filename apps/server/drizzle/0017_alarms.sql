CREATE TABLE "alarm_settings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alarm_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"device_id" integer,
	"project_id" integer,
	"rules" jsonb,
	"notice" jsonb,
	"muted_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alarm_settings_one_target" CHECK (("alarm_settings"."device_id" is null) <> ("alarm_settings"."project_id" is null))
);
--> statement-breakpoint
CREATE TABLE "alarms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alarms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"category" text NOT NULL,
	"state" text NOT NULL,
	"value" double precision,
	"threshold" double precision,
	"detail" text,
	"pending_since" timestamp with time zone NOT NULL,
	"fire_at" timestamp with time zone NOT NULL,
	"fired_at" timestamp with time zone,
	"recovered_at" timestamp with time zone,
	"notified" boolean DEFAULT false NOT NULL,
	"recovery_notified" boolean DEFAULT false NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" integer
);
--> statement-breakpoint
ALTER TABLE "alarm_settings" ADD CONSTRAINT "alarm_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_settings" ADD CONSTRAINT "alarm_settings_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_settings" ADD CONSTRAINT "alarm_settings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_acknowledged_by_accounts_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alarm_settings_device_idx" ON "alarm_settings" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "alarm_settings_project_idx" ON "alarm_settings" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "alarm_settings_tenant_idx" ON "alarm_settings" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "alarms_open_idx" ON "alarms" USING btree ("device_id","category") WHERE "alarms"."state" in ('pending', 'active');--> statement-breakpoint
CREATE INDEX "alarms_device_idx" ON "alarms" USING btree ("device_id","fired_at");--> statement-breakpoint
CREATE INDEX "alarms_tenant_fired_idx" ON "alarms" USING btree ("tenant_id","state","fired_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "alarms_unfinished_idx" ON "alarms" USING btree ("id") WHERE "alarms"."state" = 'pending' or ("alarms"."state" <> 'pending' and not "alarms"."notified") or ("alarms"."state" = 'recovered' and not "alarms"."recovery_notified");