ALTER TABLE "upgrade_orders" ADD COLUMN "devices_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "upgrade_orders" ADD COLUMN "devices_waiting" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "upgrade_orders" ADD COLUMN "devices_upgrading" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "upgrade_orders" ADD COLUMN "devices_succeeded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "upgrade_orders" ADD COLUMN "devices_failed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The order's tally follows its devices: each statement that inserts, deletes or moves order
-- devices (wave, outcome) adds what it changed to their orders, in one UPDATE. Each such statement
-- but one runs with the order's row already locked (its creation, the engine's tick, a retry), so
-- this takes no new lock; the one that does not is a device's deletion (an offline device, §4).
CREATE FUNCTION upgrade_order_tally() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes jsonb;
BEGIN
  -- The rows as they were count -1, as they are +1 (each event has only the tables it names).
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(c) INTO changes FROM (SELECT order_id, outcome, wave, 1 AS sign FROM new_devices) c;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(c) INTO changes FROM (SELECT order_id, outcome, wave, -1 AS sign FROM old_devices) c;
  ELSE
    SELECT jsonb_agg(c) INTO changes FROM (
      SELECT order_id, outcome, wave, 1 AS sign FROM new_devices
      UNION ALL SELECT order_id, outcome, wave, -1 FROM old_devices
    ) c;
  END IF;
  UPDATE upgrade_orders o SET
    devices_total = o.devices_total + d.total, devices_waiting = o.devices_waiting + d.waiting,
    devices_upgrading = o.devices_upgrading + d.upgrading,
    devices_succeeded = o.devices_succeeded + d.succeeded, devices_failed = o.devices_failed + d.failed
  FROM (
    SELECT order_id, sum(sign) AS total,
      coalesce(sum(sign) FILTER (WHERE outcome IS NULL AND wave IS NULL), 0) AS waiting,
      coalesce(sum(sign) FILTER (WHERE outcome IS NULL AND wave IS NOT NULL), 0) AS upgrading,
      coalesce(sum(sign) FILTER (WHERE outcome = 'success'), 0) AS succeeded,
      coalesce(sum(sign) FILTER (WHERE outcome = 'failed'), 0) AS failed
    FROM jsonb_to_recordset(changes) AS c(order_id int, outcome text, wave int, sign int)
    GROUP BY order_id
  ) d
  WHERE o.id = d.order_id
    AND (d.total, d.waiting, d.upgrading, d.succeeded, d.failed) IS DISTINCT FROM (0, 0, 0, 0, 0);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER upgrade_order_devices_tally_insert AFTER INSERT ON upgrade_order_devices
  REFERENCING NEW TABLE AS new_devices FOR EACH STATEMENT EXECUTE FUNCTION upgrade_order_tally();
--> statement-breakpoint
CREATE TRIGGER upgrade_order_devices_tally_update AFTER UPDATE ON upgrade_order_devices
  REFERENCING OLD TABLE AS old_devices NEW TABLE AS new_devices FOR EACH STATEMENT EXECUTE FUNCTION upgrade_order_tally();
--> statement-breakpoint
CREATE TRIGGER upgrade_order_devices_tally_delete AFTER DELETE ON upgrade_order_devices
  REFERENCING OLD TABLE AS old_devices FOR EACH STATEMENT EXECUTE FUNCTION upgrade_order_tally();
--> statement-breakpoint
-- The orders made before: counted once.
UPDATE upgrade_orders o SET
  devices_total = d.total, devices_waiting = d.waiting, devices_upgrading = d.upgrading,
  devices_succeeded = d.succeeded, devices_failed = d.failed
FROM (
  SELECT order_id, count(*) AS total,
    count(*) FILTER (WHERE outcome IS NULL AND wave IS NULL) AS waiting,
    count(*) FILTER (WHERE outcome IS NULL AND wave IS NOT NULL) AS upgrading,
    count(*) FILTER (WHERE outcome = 'success') AS succeeded,
    count(*) FILTER (WHERE outcome = 'failed') AS failed
  FROM upgrade_order_devices GROUP BY order_id
) d WHERE o.id = d.order_id;
