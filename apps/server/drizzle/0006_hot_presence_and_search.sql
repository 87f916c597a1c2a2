DROP INDEX "devices_presence_idx";--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(name, '') || ' ' || mac)) STORED;--> statement-breakpoint
-- Room on each page for the next version of a row, so the updates telemetry makes stay heap-only.
ALTER TABLE "devices" SET (fillfactor = 80);--> statement-breakpoint
ALTER TABLE "device_metrics_latest" SET (fillfactor = 80);
