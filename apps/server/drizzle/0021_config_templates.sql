CREATE TABLE "config_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "config_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"settings" jsonb NOT NULL,
	"secrets" "bytea" NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_templates" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"mode" text NOT NULL,
	"template_version" integer NOT NULL,
	"operations" jsonb NOT NULL,
	"refusal" text,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_templates" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "config_templates" ADD CONSTRAINT "config_templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_templates" ADD CONSTRAINT "config_templates_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_templates" ADD CONSTRAINT "device_templates_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_templates" ADD CONSTRAINT "device_templates_template_id_config_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."config_templates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_templates" ADD CONSTRAINT "project_templates_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_templates" ADD CONSTRAINT "project_templates_template_id_config_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."config_templates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "config_templates_tenant_name_key" ON "config_templates" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "device_templates_template_idx" ON "device_templates" USING btree ("template_id","mode");