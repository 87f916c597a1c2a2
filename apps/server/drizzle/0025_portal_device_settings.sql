CREATE TABLE "portal_device_settings" (
	"device_id" integer NOT NULL,
	"target" text NOT NULL,
	"tenant_id" integer NOT NULL,
	"enabled" boolean NOT NULL,
	"page_id" integer,
	"strategy_id" integer,
	"methods" text[] DEFAULT '{}' NOT NULL,
	"offline_policy" text DEFAULT 'open' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_device_settings_device_id_target_pk" PRIMARY KEY("device_id","target")
);
--> statement-breakpoint
CREATE TABLE "portal_roaming" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portal_device_settings" ADD CONSTRAINT "portal_device_settings_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_device_settings" ADD CONSTRAINT "portal_device_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_device_settings" ADD CONSTRAINT "portal_device_settings_page_id_portal_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."portal_pages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_device_settings" ADD CONSTRAINT "portal_device_settings_strategy_id_portal_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."portal_strategies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_roaming" ADD CONSTRAINT "portal_roaming_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_roaming" ADD CONSTRAINT "portal_roaming_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portal_device_settings_tenant_idx" ON "portal_device_settings" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "portal_device_settings_page_idx" ON "portal_device_settings" USING btree ("page_id");--> statement-breakpoint
CREATE INDEX "portal_device_settings_strategy_idx" ON "portal_device_settings" USING btree ("strategy_id");