ALTER TABLE "upgrade_orders" ADD COLUMN "devices_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "upgrade_orders" ADD COLUMN "devices_waiting" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "upgrade_orders" ADD COLUMN "devices_upgrading" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "upgrade_orders" ADD COLUMN "devices_succeeded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "upgrade_orders" ADD COLUMN "devices_failed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The order's tally follows its devices: each statement that inserts, deletes or moves order
-- devices (wave, outcome) adds what it changed to their orders, in one UPDATE. Those statements
-- run with the order's row locked already (its creation, the engine's tick, a retry), but for
-- a device deleted from the cloud: see upgrade_orders_lock_for_device_delete below.
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
-- A device deleted from the cloud takes its order devices with it. Its orders' rows are locked
-- before any of its order devices are (PostgreSQL locks a row before its own BEFORE trigger
-- runs, so this is the device's trigger): orders first, as the engine's tick takes them, so the
-- two never wait for each other in a circle (a deadlock, on a PostgreSQL server).
CREATE FUNCTION upgrade_orders_lock_for_device_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM upgrade_orders
    WHERE id IN (SELECT order_id FROM upgrade_order_devices WHERE device_id = OLD.id)
    ORDER BY id FOR UPDATE;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER devices_delete_locks_upgrade_orders BEFORE DELETE ON devices
  FOR EACH ROW EXECUTE FUNCTION upgrade_orders_lock_for_device_delete();
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
