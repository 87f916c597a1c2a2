CREATE TABLE "portal_pages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "portal_pages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"display_type" text NOT NULL,
	"title" text NOT NULL,
	"tips" text NOT NULL,
	"banner_picture_id" integer,
	"tips_picture_id" integer,
	"guide_url" text NOT NULL,
	"scheme" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_pictures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "portal_pictures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portal_pages" ADD CONSTRAINT "portal_pages_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_pages" ADD CONSTRAINT "portal_pages_banner_picture_id_portal_pictures_id_fk" FOREIGN KEY ("banner_picture_id") REFERENCES "public"."portal_pictures"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_pages" ADD CONSTRAINT "portal_pages_tips_picture_id_portal_pictures_id_fk" FOREIGN KEY ("tips_picture_id") REFERENCES "public"."portal_pictures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_pictures" ADD CONSTRAINT "portal_pictures_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portal_pages_tenant_idx" ON "portal_pages" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "portal_pictures_tenant_idx" ON "portal_pictures" USING btree ("tenant_id");