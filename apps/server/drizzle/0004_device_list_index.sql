DROP INDEX "devices_tenant_status_idx";--> statement-breakpoint
CREATE INDEX "devices_list_filter_idx" ON "devices" USING btree ("tenant_id","status","product_id","project_id");