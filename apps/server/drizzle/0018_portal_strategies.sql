CREATE TABLE "portal_strategies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "portal_strategies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"validity_days" integer,
	"session_minutes" integer DEFAULT 0 NOT NULL,
	"upload_kbps" integer DEFAULT 0 NOT NULL,
	"download_kbps" integer DEFAULT 0 NOT NULL,
	"upload_quota_mb" integer DEFAULT 0 NOT NULL,
	"download_quota_mb" integer DEFAULT 0 NOT NULL,
	"ip_whitelist" text[] DEFAULT '{}' NOT NULL,
	"ip_blacklist" text[] DEFAULT '{}' NOT NULL,
	"mac_whitelist" text[] DEFAULT '{}' NOT NULL,
	"mac_blacklist" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portal_strategies" ADD CONSTRAINT "portal_strategies_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "portal_strategies_tenant_name_key" ON "portal_strategies" USING btree ("tenant_id",lower("name"));