DROP INDEX "accounts_tenant_idx";--> statement-breakpoint
CREATE INDEX "accounts_tenant_children_idx" ON "accounts" USING btree ("tenant_id","is_primary","id");