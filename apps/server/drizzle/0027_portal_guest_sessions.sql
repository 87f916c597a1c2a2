CREATE TABLE "portal_guest_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "portal_guest_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"project_id" integer,
	"target" text NOT NULL,
	"ssid" text,
	"client_mac" text NOT NULL,
	"client_ip" text,
	"method" text NOT NULL,
	"account" text,
	"token" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"authenticated_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"session_ends_at" timestamp with time zone,
	"incoming_bytes" bigint DEFAULT 0 NOT NULL,
	"outgoing_bytes" bigint DEFAULT 0 NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text
);
--> statement-breakpoint
ALTER TABLE "portal_guest_sessions" ADD CONSTRAINT "portal_guest_sessions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_guest_sessions" ADD CONSTRAINT "portal_guest_sessions_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_guest_sessions" ADD CONSTRAINT "portal_guest_sessions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "portal_guest_sessions_token_key" ON "portal_guest_sessions" USING btree ("token");--> statement-breakpoint
CREATE INDEX "portal_guest_sessions_tenant_created_idx" ON "portal_guest_sessions" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "portal_guest_sessions_device_mac_idx" ON "portal_guest_sessions" USING btree ("device_id","client_mac");--> statement-breakpoint
CREATE INDEX "portal_guest_sessions_project_mac_idx" ON "portal_guest_sessions" USING btree ("project_id","client_mac");