CREATE TABLE "project_traffic" (
	"tenant_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"rx_bytes" bigint NOT NULL,
	"tx_bytes" bigint NOT NULL,
	CONSTRAINT "project_traffic_tenant_id_project_id_at_pk" PRIMARY KEY("tenant_id","project_id","at")
);
--> statement-breakpoint
ALTER TABLE "device_metrics" ADD COLUMN "uptime" bigint;--> statement-breakpoint
ALTER TABLE "device_metrics" ADD COLUMN "wan_rx" bigint;--> statement-breakpoint
ALTER TABLE "device_metrics" ADD COLUMN "wan_tx" bigint;--> statement-breakpoint
ALTER TABLE "device_metrics" ADD COLUMN "radio2g_rx" bigint;--> statement-breakpoint
ALTER TABLE "device_metrics" ADD COLUMN "radio2g_tx" bigint;--> statement-breakpoint
ALTER TABLE "device_metrics" ADD COLUMN "radio5g_rx" bigint;--> statement-breakpoint
ALTER TABLE "device_metrics" ADD COLUMN "radio5g_tx" bigint;--> statement-breakpoint
ALTER TABLE "project_traffic" ADD CONSTRAINT "project_traffic_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_traffic" ADD CONSTRAINT "project_traffic_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_traffic_at_idx" ON "project_traffic" USING btree ("at");