ALTER TABLE "device_metrics_latest" ALTER COLUMN "at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "device_metrics_latest" ALTER COLUMN "cpu" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "device_metrics_latest" ALTER COLUMN "mem" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "device_metrics_latest" ALTER COLUMN "clients" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "device_metrics_latest" ALTER COLUMN "uptime" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "device_metrics_latest" ALTER COLUMN "telemetry" DROP NOT NULL;--> statement-breakpoint
-- Every device has its latest-telemetry row from now on (empty until it reports).
INSERT INTO "device_metrics_latest" ("device_id") SELECT "id" FROM "devices" ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE INDEX "device_metrics_latest_clients_idx" ON "device_metrics_latest" USING btree ("clients" DESC NULLS LAST,"device_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "device_metrics_latest_uptime_idx" ON "device_metrics_latest" USING btree ("uptime" DESC NULLS LAST,"device_id" DESC NULLS LAST);--> statement-breakpoint
-- Trigrams for the list's keyword search (pg_trgm is a trusted extension: the database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "devices_search_idx" ON "devices" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- Nothing filters on these columns: no statistics, so analyzing the tables telemetry and binding
-- rewrite costs a third as much (the embedded database's analyze holds its one session).
ALTER TABLE "device_metrics_latest" ALTER COLUMN "telemetry" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "devices" ALTER COLUMN "secret_hash" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "devices" ALTER COLUMN "management_credential" SET STATISTICS 0;
