CREATE TABLE "device_traffic_hourly" (
	"device_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"samples" integer NOT NULL,
	"clients" bigint NOT NULL,
	"wan_rx" bigint DEFAULT 0 NOT NULL,
	"wan_rx_ms" bigint DEFAULT 0 NOT NULL,
	"wan_tx" bigint DEFAULT 0 NOT NULL,
	"wan_tx_ms" bigint DEFAULT 0 NOT NULL,
	"radio2g_rx" bigint DEFAULT 0 NOT NULL,
	"radio2g_rx_ms" bigint DEFAULT 0 NOT NULL,
	"radio2g_tx" bigint DEFAULT 0 NOT NULL,
	"radio2g_tx_ms" bigint DEFAULT 0 NOT NULL,
	"radio5g_rx" bigint DEFAULT 0 NOT NULL,
	"radio5g_rx_ms" bigint DEFAULT 0 NOT NULL,
	"radio5g_tx" bigint DEFAULT 0 NOT NULL,
	"radio5g_tx_ms" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "device_traffic_hourly_device_id_hour_pk" PRIMARY KEY("device_id","hour")
);
--> statement-breakpoint
CREATE TABLE "traffic_rollups" (
	"name" text PRIMARY KEY NOT NULL,
	"filed_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_traffic_hourly" ADD CONSTRAINT "device_traffic_hourly_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_traffic_hourly_hour_idx" ON "device_traffic_hourly" USING btree ("hour");