-- One executions model (issue 13): job_executions holds every operation's per-device work; the
-- operation log's targets move into it, and each job becomes an operation of the log.
ALTER TABLE "job_executions" DROP CONSTRAINT "job_executions_device_id_devices_id_fk";--> statement-breakpoint
ALTER TABLE "job_executions" DROP CONSTRAINT "job_executions_job_id_device_id_execution_number_pk";--> statement-breakpoint
ALTER TABLE "job_executions" ALTER COLUMN "job_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "operation_logs" ALTER COLUMN "account_name" DROP NOT NULL;--> statement-breakpoint
-- How an operation went is read from its executions from now on.
ALTER TABLE "operation_logs" DROP COLUMN "result";--> statement-breakpoint
ALTER TABLE "job_executions" ADD COLUMN "operation_id" integer;--> statement-breakpoint
ALTER TABLE "job_executions" ADD COLUMN "mac" text;--> statement-breakpoint
ALTER TABLE "job_executions" ADD COLUMN "channel" text;--> statement-breakpoint
ALTER TABLE "job_executions" ADD COLUMN "reason_code" text;--> statement-breakpoint
ALTER TABLE "job_executions" ADD COLUMN "reason_detail" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "operation_id" integer;--> statement-breakpoint
-- Each existing job becomes an operation (its creator, `job.<operation>`, its id as the detail).
WITH "made" AS (
  INSERT INTO "operation_logs" ("tenant_id", "account_id", "account_name", "action", "detail", "created_at")
  SELECT j."tenant_id", j."created_by", a."username", 'job.' || j."operation", jsonb_build_object('job_id', j."job_id"), j."created_at"
  FROM "jobs" j LEFT JOIN "accounts" a ON a."id" = j."created_by"
  RETURNING "id", "detail"->>'job_id' AS "job_id"
)
UPDATE "jobs" SET "operation_id" = "made"."id" FROM "made" WHERE "jobs"."job_id" = "made"."job_id";--> statement-breakpoint
UPDATE "job_executions" e SET "operation_id" = j."operation_id", "channel" = 'jobs',
  "mac" = coalesce((SELECT d."mac" FROM "devices" d WHERE d."id" = e."device_id"), '')
FROM "jobs" j WHERE j."job_id" = e."job_id";--> statement-breakpoint
-- The operation log's targets become executions: pending → QUEUED, applying → IN_PROGRESS,
-- success → SUCCEEDED, failed → FAILED with its reason as a code (and the device's words, or the
-- error code, as its detail).
INSERT INTO "job_executions" ("operation_id", "device_id", "mac", "channel", "execution_number", "status",
  "status_details", "reason_code", "reason_detail", "version_number", "queued_at", "started_at", "last_updated_at")
SELECT t."operation_id", t."device_id", t."mac",
  CASE WHEN o."action" LIKE 'device.restart%' OR o."action" LIKE 'device.remote.%' THEN 'rpc' ELSE 'shadow' END,
  1,
  CASE t."status" WHEN 'pending' THEN 'QUEUED' WHEN 'applying' THEN 'IN_PROGRESS' WHEN 'success' THEN 'SUCCEEDED' ELSE 'FAILED' END,
  '{}'::jsonb,
  CASE WHEN t."status" <> 'failed' THEN NULL
    WHEN t."reason" = '600400127' THEN 'superseded'
    WHEN t."reason" = '600400124' THEN 'not_answering'
    WHEN t."reason" = '600400251' THEN 'unsupported'
    WHEN t."reason" IS NULL OR t."reason" = 'error' OR t."reason" ~ '^[0-9]+$' THEN 'server_error'
    ELSE 'device_refused' END,
  CASE WHEN t."status" = 'failed' AND t."reason" NOT IN ('600400127', '600400124', '600400251', 'error') THEN t."reason" END,
  1, o."created_at", CASE WHEN t."status" <> 'pending' THEN o."created_at" END, t."updated_at"
FROM "operation_targets" t JOIN "operation_logs" o ON o."id" = t."operation_id";--> statement-breakpoint
ALTER TABLE "job_executions" ALTER COLUMN "operation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "job_executions" ALTER COLUMN "mac" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "job_executions" ALTER COLUMN "channel" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ALTER COLUMN "operation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "job_executions" ADD CONSTRAINT "job_executions_operation_id_device_id_execution_number_pk" PRIMARY KEY("operation_id","device_id","execution_number");--> statement-breakpoint
ALTER TABLE "job_executions" ADD CONSTRAINT "job_executions_operation_id_operation_logs_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operation_logs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_operation_id_operation_logs_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operation_logs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_executions_job_device_idx" ON "job_executions" USING btree ("job_id","device_id","execution_number") WHERE "job_executions"."job_id" is not null;--> statement-breakpoint
CREATE INDEX "operation_logs_tenant_action_created_idx" ON "operation_logs" USING btree ("tenant_id","action","created_at");--> statement-breakpoint
DROP TABLE "operation_targets" CASCADE;
