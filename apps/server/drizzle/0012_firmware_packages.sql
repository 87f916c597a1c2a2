CREATE TABLE "firmware_chunks" (
	"package_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "firmware_chunks_package_id_seq_pk" PRIMARY KEY("package_id","seq")
);
--> statement-breakpoint
CREATE TABLE "firmware_packages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "firmware_packages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer,
	"model" text NOT NULL,
	"version" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"filename" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "firmware_chunks" ADD CONSTRAINT "firmware_chunks_package_id_firmware_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."firmware_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_packages" ADD CONSTRAINT "firmware_packages_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_packages" ADD CONSTRAINT "firmware_packages_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "firmware_packages_scope_model_version_key" ON "firmware_packages" USING btree (coalesce("tenant_id", 0),"model","version");--> statement-breakpoint
CREATE UNIQUE INDEX "firmware_packages_scope_sha256_key" ON "firmware_packages" USING btree (coalesce("tenant_id", 0),"sha256");--> statement-breakpoint
CREATE INDEX "firmware_packages_model_idx" ON "firmware_packages" USING btree ("model");--> statement-breakpoint
-- Images are compressed already or random: store chunks out of line without compressing them again.
ALTER TABLE "firmware_chunks" ALTER COLUMN "data" SET STORAGE EXTERNAL;
