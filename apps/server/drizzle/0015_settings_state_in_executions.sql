-- A settings change's state is its execution's from now on. A change the old sync row already had
-- on its way (applying) while its operation target still said pending moves its execution on first.
UPDATE "job_executions" e SET "status" = 'IN_PROGRESS', "started_at" = coalesce(e."started_at", s."updated_at"),
  "version_number" = e."version_number" + 1, "last_updated_at" = now()
FROM "device_settings" s
WHERE e."operation_id" = s."operation_id" AND e."device_id" = s."device_id" AND e."execution_number" = 1
  AND e."status" = 'QUEUED' AND s."status" = 'applying';--> statement-breakpoint
ALTER TABLE "device_settings" DROP COLUMN "status";--> statement-breakpoint
ALTER TABLE "device_settings" DROP COLUMN "reason";
