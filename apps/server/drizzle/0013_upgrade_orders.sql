CREATE TABLE "upgrade_order_devices" (
	"order_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"position" integer NOT NULL,
	"canary" boolean DEFAULT false NOT NULL,
	"mac" text NOT NULL,
	"from_version" text,
	"wave" integer,
	"job_id" text,
	"released_at" timestamp with time zone,
	"retries" integer DEFAULT 0 NOT NULL,
	"outcome" text,
	"reason" text,
	"finished_at" timestamp with time zone,
	CONSTRAINT "upgrade_order_devices_order_id_device_id_pk" PRIMARY KEY("order_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "upgrade_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "upgrade_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"tenant_id" integer NOT NULL,
	"created_by" integer,
	"package_id" integer NOT NULL,
	"model" text NOT NULL,
	"target_version" text NOT NULL,
	"timing" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"options" jsonb NOT NULL,
	"status" text NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"end_reason" text,
	"waves" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "upgrade_orders_order_no_unique" UNIQUE("order_no")
);
--> statement-breakpoint
ALTER TABLE "upgrade_order_devices" ADD CONSTRAINT "upgrade_order_devices_order_id_upgrade_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."upgrade_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrade_order_devices" ADD CONSTRAINT "upgrade_order_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrade_orders" ADD CONSTRAINT "upgrade_orders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrade_orders" ADD CONSTRAINT "upgrade_orders_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrade_orders" ADD CONSTRAINT "upgrade_orders_package_id_firmware_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."firmware_packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upgrade_order_devices_device_idx" ON "upgrade_order_devices" USING btree ("device_id","order_id");--> statement-breakpoint
CREATE INDEX "upgrade_order_devices_job_idx" ON "upgrade_order_devices" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "upgrade_order_devices_unsent_idx" ON "upgrade_order_devices" USING btree ("order_id","position") WHERE "upgrade_order_devices"."wave" is null;--> statement-breakpoint
CREATE INDEX "upgrade_orders_tenant_created_idx" ON "upgrade_orders" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "upgrade_orders_package_idx" ON "upgrade_orders" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "upgrade_orders_active_idx" ON "upgrade_orders" USING btree ("id") WHERE "upgrade_orders"."status" in ('scheduled', 'running');