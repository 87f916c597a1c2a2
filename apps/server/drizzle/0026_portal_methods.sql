CREATE TABLE "portal_members" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "portal_members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"account" text NOT NULL,
	"password_hash" text NOT NULL,
	"info" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_methods" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"noauth_enabled" boolean DEFAULT false NOT NULL,
	"terms" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"member_enabled" boolean DEFAULT false NOT NULL,
	"sms_enabled" boolean DEFAULT false NOT NULL,
	"sms_daily_total" integer DEFAULT 100 NOT NULL,
	"sms_phone_period" text DEFAULT 'five_minutes' NOT NULL,
	"sms_phone_max" integer DEFAULT 1 NOT NULL,
	"sms_client_max" integer DEFAULT 3 NOT NULL,
	"sms_total" integer DEFAULT 1000 NOT NULL,
	"sms_sent" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_sms_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "portal_sms_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"phone" text NOT NULL,
	"client" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "portal_members" ADD CONSTRAINT "portal_members_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_methods" ADD CONSTRAINT "portal_methods_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_sms_codes" ADD CONSTRAINT "portal_sms_codes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "portal_members_tenant_account_key" ON "portal_members" USING btree ("tenant_id",lower("account"));--> statement-breakpoint
CREATE INDEX "portal_sms_codes_tenant_sent_idx" ON "portal_sms_codes" USING btree ("tenant_id","sent_at");--> statement-breakpoint
CREATE INDEX "portal_sms_codes_phone_idx" ON "portal_sms_codes" USING btree ("tenant_id","phone","sent_at");--> statement-breakpoint
CREATE INDEX "portal_sms_codes_client_idx" ON "portal_sms_codes" USING btree ("tenant_id","client","sent_at");