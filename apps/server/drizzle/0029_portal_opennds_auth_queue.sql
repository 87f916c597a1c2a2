CREATE TABLE "portal_opennds_auth_queue" (
	"gateway_hash" text NOT NULL,
	"rhid" text NOT NULL,
	"entry" text NOT NULL,
	"device_id" integer NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acked_at" timestamp with time zone,
	CONSTRAINT "portal_opennds_auth_queue_gateway_hash_rhid_pk" PRIMARY KEY("gateway_hash","rhid")
);
--> statement-breakpoint
ALTER TABLE "portal_opennds_auth_queue" ADD CONSTRAINT "portal_opennds_auth_queue_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portal_opennds_auth_queue_queued_idx" ON "portal_opennds_auth_queue" USING btree ("queued_at");