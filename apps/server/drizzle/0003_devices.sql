CREATE TABLE "client_counts" (
	"tenant_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"clients" integer NOT NULL,
	"online_devices" integer NOT NULL,
	CONSTRAINT "client_counts_tenant_id_project_id_at_pk" PRIMARY KEY("tenant_id","project_id","at")
);
--> statement-breakpoint
CREATE TABLE "device_metrics" (
	"device_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"cpu" real NOT NULL,
	"mem" real NOT NULL,
	"clients" integer NOT NULL,
	CONSTRAINT "device_metrics_device_id_at_pk" PRIMARY KEY("device_id","at")
);
--> statement-breakpoint
CREATE TABLE "device_metrics_latest" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"cpu" real NOT NULL,
	"mem" real NOT NULL,
	"clients" integer NOT NULL,
	"uptime" bigint NOT NULL,
	"telemetry" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_shadows" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"desired" jsonb NOT NULL,
	"reported" jsonb NOT NULL,
	"metadata" jsonb NOT NULL,
	"version" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "devices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"mac" text NOT NULL,
	"thing_name" text NOT NULL,
	"product_id" integer NOT NULL,
	"secret_hash" text NOT NULL,
	"management_credential" text,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" integer,
	"project_id" integer,
	"name" text,
	"remark" text,
	"bound_at" timestamp with time zone,
	"status" text DEFAULT 'offline' NOT NULL,
	"status_changed_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"firmware" text,
	"telemetry_interval" integer,
	CONSTRAINT "devices_mac_unique" UNIQUE("mac"),
	CONSTRAINT "devices_thing_name_unique" UNIQUE("thing_name")
);
--> statement-breakpoint
CREATE TABLE "job_executions" (
	"job_id" text NOT NULL,
	"device_id" integer NOT NULL,
	"execution_number" integer NOT NULL,
	"status" text NOT NULL,
	"status_details" jsonb NOT NULL,
	"version_number" integer NOT NULL,
	"retry_attempt" integer DEFAULT 0 NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"last_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_executions_job_id_device_id_execution_number_pk" PRIMARY KEY("job_id","device_id","execution_number")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"job_id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"operation" text NOT NULL,
	"document" jsonb NOT NULL,
	"status" text NOT NULL,
	"execution_policy" jsonb NOT NULL,
	"scheduled_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"model" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"capabilities" text[] NOT NULL,
	"mac_prefixes" text[] NOT NULL,
	"product_key" text NOT NULL,
	"product_secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_model_unique" UNIQUE("model"),
	CONSTRAINT "products_product_key_unique" UNIQUE("product_key")
);
--> statement-breakpoint
CREATE TABLE "role_devices" (
	"role_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	CONSTRAINT "role_devices_role_id_device_id_pk" PRIMARY KEY("role_id","device_id")
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "device_limit" integer;--> statement-breakpoint
ALTER TABLE "client_counts" ADD CONSTRAINT "client_counts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_counts" ADD CONSTRAINT "client_counts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_metrics" ADD CONSTRAINT "device_metrics_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_metrics_latest" ADD CONSTRAINT "device_metrics_latest_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_shadows" ADD CONSTRAINT "device_shadows_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_executions" ADD CONSTRAINT "job_executions_job_id_jobs_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("job_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_executions" ADD CONSTRAINT "job_executions_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_devices" ADD CONSTRAINT "role_devices_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_devices" ADD CONSTRAINT "role_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_counts_at_idx" ON "client_counts" USING btree ("at");--> statement-breakpoint
CREATE INDEX "device_metrics_at_idx" ON "device_metrics" USING btree ("at");--> statement-breakpoint
CREATE INDEX "devices_tenant_project_idx" ON "devices" USING btree ("tenant_id","project_id");--> statement-breakpoint
CREATE INDEX "devices_tenant_status_idx" ON "devices" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "devices_tenant_id_idx" ON "devices" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "devices_presence_idx" ON "devices" USING btree ("status","last_seen_at");--> statement-breakpoint
CREATE INDEX "job_executions_device_status_idx" ON "job_executions" USING btree ("device_id","status");--> statement-breakpoint
CREATE INDEX "jobs_tenant_created_idx" ON "jobs" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "role_devices_device_idx" ON "role_devices" USING btree ("device_id");